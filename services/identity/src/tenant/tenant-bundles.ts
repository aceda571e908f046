import { PassThrough, Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  ServiceNames,
  tenantBundleKey,
  tenantOperationPrefix,
  tenantPartKey,
  type ServiceName,
  type TenantPartReport,
} from '@sb/contracts';
import { ENV } from '@sb/platform/nest';
import { BundleWriter, readBundle, type BundleHeader } from '@sb/platform/tenant';
import {
  companyPrefix,
  storageOnFirstUse,
  type ObjectStorage,
  type StoredObject,
} from '@sb/storage';
import type { TenantOperation } from './tenant-operations.repository.js';

const partEntry = /^parts\/([a-z]+)\.tsv\.gz$/;
const mediaEntry = 'media/';

/** Media objects up to this size are read whole and read or written in parallel. */
const SmallMediaBytes = 1024 * 1024;
/** Reads or writes of small media objects at once. */
const MediaWritesInFlight = 8;

/** Runs writes a few at a time; the first failure is kept for `done`. */
class ParallelWrites {
  private readonly running = new Set<Promise<void>>();
  private failure: unknown;

  constructor(private readonly limit: number) {}

  /** Starts `write` once fewer than `limit` run; throws an earlier write's failure. */
  async add(write: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure !== undefined) throw this.failure;
    const running: Promise<void> = write()
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Waits for the writes under way (whatever the bundle's outcome). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  /** Throws the first failed write's error. */
  async done(): Promise<void> {
    await this.settle();
    if (this.failure !== undefined) throw this.failure;
  }
}

/** Drains a stream nobody needs (an entry the step skips), so the bundle reads on. */
const skip = async (stream: NodeJS.ReadableStream) => {
  for await (const _chunk of stream) {
    // nothing to keep
  }
};

/**
 * Identity's own steps of exports and imports, on the bundle in object storage: `write` puts the
 * services' parts and the company's media into one encrypted file; `unpack` checks a bundle and hands
 * each service its part; `media` writes its objects under the new company's prefix.
 */
@Injectable()
export class TenantBundles {
  private readonly storage: ObjectStorage;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    this.storage = storageOnFirstUse(env);
  }

  /** The export's last step: every part written by the services, then the media, then the manifest. */
  async write(
    operation: TenantOperation,
    secret: string,
    parts: TenantPartReport[],
  ): Promise<TenantPartReport> {
    const out = new PassThrough();
    const stored = this.storage.put(tenantBundleKey(operation.id), out, {
      contentType: 'application/octet-stream',
    });
    const writer = new BundleWriter(
      out,
      {
        bundleId: operation.id,
        createdAt: new Date().toISOString(),
        company: { id: operation.companyId, name: operation.companyName },
        schema: Object.fromEntries(parts.map((part) => [part.service, part.schema ?? ''])),
      },
      secret,
    );
    const written = (async () => {
      for (const part of parts) {
        const key = tenantPartKey(operation.id, part.service);
        const stat = await this.storage.stat(key);
        if (!stat) continue;
        const { stream } = await this.storage.get(key);
        await writer.add(`parts/${part.service}.tsv.gz`, stream, stat.size, part.rows);
      }
      const prefix = companyPrefix(operation.companyId);
      let objects = 0;
      for await (const { key, size, object } of this.readAhead(
        await this.storage.listWithSizes(prefix),
      )) {
        await writer.add(
          `${mediaEntry}${key.slice(prefix.length)}`,
          object.stream,
          size,
          undefined,
          {
            contentType: object.contentType,
          },
        );
        objects += 1;
      }
      await writer.finish();
      return objects;
    })();
    // a failed entry ends the file short, so that the upload fails too and nothing half-written stays
    const [objects] = await Promise.all([
      written.catch((err: unknown) => {
        out.destroy(err as Error);
        throw err;
      }),
      stored,
    ]);
    const stat = await this.storage.stat(tenantBundleKey(operation.id));
    await this.removeParts(operation);
    return { service: 'identity', rows: {}, objects, bytes: stat?.size ?? 0 };
  }

  /**
   * The objects in their order, the small ones read whole a few ahead (`MediaWritesInFlight`) while
   * the bundle takes the one before: a read costs more in round trips than in bytes. Large ones are
   * opened in their turn and streamed.
   */
  private async *readAhead(
    listed: { key: string; size: number }[],
  ): AsyncGenerator<{ key: string; size: number; object: StoredObject }> {
    const read = async ({ key, size }: { key: string; size: number }) => {
      if (size > SmallMediaBytes) return undefined;
      const { stream, contentType } = await this.storage.get(key);
      const body = Buffer.concat(await stream.toArray());
      return { stream: Readable.from([body]), contentType, size: body.length };
    };
    const ahead: Promise<StoredObject | undefined>[] = [];
    let next = 0;
    for (const entry of listed) {
      while (next < listed.length && ahead.length < MediaWritesInFlight) {
        const reading = read(listed[next++]!);
        // a failure is seen when its object's turn comes, not as an unhandled rejection before
        reading.catch(() => undefined);
        ahead.push(reading);
      }
      const object = (await ahead.shift()!) ?? (await this.storage.get(entry.key));
      yield { ...entry, object };
    }
  }

  /**
   * The import's first step: reads the whole bundle (refused if the key, a hash or the manifest does
   * not match) and puts each service's part where its import reads it.
   */
  async unpack(
    operation: TenantOperation,
    secret: string,
  ): Promise<{ header: BundleHeader; report: TenantPartReport }> {
    const rows: Record<string, number> = {};
    const { stream } = await this.storage.get(operation.bundleKey!);
    const { header, manifest } = await readBundle(stream, secret, async (name, plain) => {
      const service = partEntry.exec(name)?.[1] as ServiceName | undefined;
      if (!service || !ServiceNames.includes(service)) return skip(plain);
      await this.storage.put(tenantPartKey(operation.id, service), plain, {
        contentType: 'application/gzip',
      });
    });
    for (const entry of manifest.entries) {
      for (const [table, count] of Object.entries(entry.rows ?? {})) {
        rows[`${entry.name.replace(partEntry, '$1')}.${table}`] = count;
      }
    }
    const objects = manifest.entries.filter((e) => e.name.startsWith(mediaEntry)).length;
    return { header, report: { service: 'identity', rows, objects } };
  }

  /**
   * The import's last step: the bundle's media under the company's prefix here. Small objects are
   * read whole and written several at a time while the bundle reads on: a write costs more in
   * round trips (a file and its sidecar, an upload) than in bytes.
   */
  async media(operation: TenantOperation, secret: string): Promise<TenantPartReport> {
    const prefix = companyPrefix(operation.companyId);
    let objects = 0;
    const writes = new ParallelWrites(MediaWritesInFlight);
    const { stream } = await this.storage.get(operation.bundleKey!);
    try {
      await readBundle(stream, secret, async (name, plain, meta) => {
        if (!name.startsWith(mediaEntry)) return skip(plain);
        const key = `${prefix}${name.slice(mediaEntry.length)}`;
        const options = { contentType: meta.contentType ?? 'application/octet-stream' };
        objects += 1;
        if ((meta.size ?? Infinity) > SmallMediaBytes) {
          return this.storage.put(key, plain, options);
        }
        const body = Buffer.concat(await plain.toArray());
        await writes.add(() => this.storage.put(key, body, options));
      });
    } finally {
      await writes.settle();
    }
    await writes.done();
    await this.removeParts(operation);
    return { service: 'identity', rows: {}, objects };
  }

  /** What a failed export or import left in storage beside its bundle; never fails the caller. */
  async discard(operation: TenantOperation): Promise<void> {
    await this.removeParts(operation).catch(() => undefined);
  }

  /** All an aborted export wrote, its bundle too; never fails the caller. */
  async discardAll(operation: TenantOperation): Promise<void> {
    const prefix = tenantOperationPrefix(operation.id);
    try {
      for (const key of await this.storage.list(prefix)) await this.storage.remove(key);
    } catch {
      // what is left is under the operation's own prefix, outside every company's
    }
  }

  /** The parts and id maps the services read: gone once the operation no longer needs them. */
  private async removeParts(operation: TenantOperation): Promise<void> {
    const prefix = tenantOperationPrefix(operation.id);
    for (const key of await this.storage.list(prefix)) {
      if (key !== tenantBundleKey(operation.id)) await this.storage.remove(key);
    }
  }
}
