import type { Readable } from 'node:stream';

export type PutObjectOptions = {
  contentType: string;
  /** Byte length when known; a stream that delivers a different length is rejected. */
  size?: number;
};

export type StoredObject = {
  stream: Readable;
  contentType: string;
  size: number;
};

/** A key of a listing with its byte length. */
export type ListedObject = { key: string; size: number };

export type ObjectStat = {
  size: number;
  contentType: string;
  updatedAt: Date;
};

/**
 * One interface over the disk and S3 drivers. Keys are validated by every driver (see `assertValidKey`);
 * tenant scoping comes from `mediaKey` and `scopeToCompany`.
 */
export type ObjectStorage = {
  put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<void>;
  /** Rejects with `ObjectNotFoundError` when the key holds nothing. */
  get(key: string): Promise<StoredObject>;
  stat(key: string): Promise<ObjectStat | undefined>;
  /** Idempotent: removing a missing key succeeds. */
  remove(key: string): Promise<void>;
  /** Every key starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Every key starting with `prefix` with its size, sorted by key (what a company's media weighs). */
  listWithSizes(prefix: string): Promise<ListedObject[]>;
  /** A time-limited URL that serves the object without further authentication. */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Reads a whole object body into memory; for small files (pictures, imports, tests). */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  }
  return Buffer.concat(chunks);
}
