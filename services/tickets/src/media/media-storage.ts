import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { createStorage, type ObjectStorage } from '@sb/storage';

/** The media store (disk or S3, from the environment), opened on first use: most bots never need it. */
@Injectable()
export class MediaStorage {
  private opened: Promise<ObjectStorage> | undefined;

  constructor(@Inject(ENV) private readonly env: Record<string, string | undefined>) {}

  get(): Promise<ObjectStorage> {
    this.opened ??= createStorage(this.env).catch((err: unknown) => {
      this.opened = undefined;
      throw err;
    });
    return this.opened;
  }
}
