import { Injectable } from '@nestjs/common';
import type { ChannelKind } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { ChannelDriver } from '../drivers/channel-driver.js';

/** The one place drivers are found by channel kind; each driver module registers itself at start. */
@Injectable()
export class DriverRegistry {
  private readonly drivers = new Map<ChannelKind, ChannelDriver>();

  register(driver: ChannelDriver): void {
    this.drivers.set(driver.kind, driver);
  }

  has(kind: ChannelKind): boolean {
    return this.drivers.has(kind);
  }

  /** The driver of a kind; a connection whose driver is not loaded here cannot be served. */
  get(kind: ChannelKind): ChannelDriver {
    const driver = this.drivers.get(kind);
    if (!driver) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', { details: { reason: `no ${kind} driver` } });
    }
    return driver;
  }

  kinds(): ChannelKind[] {
    return [...this.drivers.keys()];
  }
}
