import { Client, type BucketItem, type S3Error } from 'minio';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { assertValidKey, assertValidPrefix } from './media-key.js';
import {
  DEFAULT_CONTENT_TYPE,
  type ListedObject,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';
import { SizeGuard } from './size-guard.js';
import {
  ObjectNotFoundError,
  ObjectSizeMismatchError,
  StorageConfigError,
} from './storage.errors.js';

export type S3StorageOptions = {
  /** `host`, `host:port` or a URL such as `http://minio:9000` (its scheme sets `useSSL`). */
  endpoint: string;
  port?: number;
  region?: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  useSSL?: boolean;
  /** Path-style addressing (`host/bucket/key`), which MinIO and s3rver need; default true. */
  pathStyle?: boolean;
  /**
   * Where browsers reach the same server when that differs from `endpoint` (a compose network name is
   * not reachable from outside): presigned URLs are signed for this host.
   */
  publicEndpoint?: string;
};

type Endpoint = { endPoint: string; port?: number; useSSL?: boolean };

const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const NOT_FOUND_CODES = new Set(['NotFound', 'NoSuchKey']);

/** Splits the accepted endpoint spellings into what the minio client wants. */
export function parseS3Endpoint(endpoint: string): Endpoint {
  const text = endpoint.trim();
  if (text.includes('://')) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new StorageConfigError([`S3 endpoint: not a valid URL: ${text}`]);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new StorageConfigError([`S3 endpoint: use http or https, not ${url.protocol}`]);
    }
    if (url.pathname !== '/' && url.pathname !== '') {
      throw new StorageConfigError([`S3 endpoint: no path allowed (got ${url.pathname})`]);
    }
    return {
      endPoint: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
    };
  }
  const match = /^([^:/\s]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match)
    throw new StorageConfigError([`S3 endpoint: expected host, host:port or URL: ${text}`]);
  return { endPoint: match[1] as string, port: match[2] ? Number(match[2]) : undefined };
}

// By code rather than class: the error may come from another realm (e.g. under jest's VM modules).
const isNotFound = (err: unknown) =>
  typeof err === 'object' && err !== null && NOT_FOUND_CODES.has(String((err as S3Error).code));

function makeClient(endpoint: string, options: S3StorageOptions, region: string): Client {
  const parsed = parseS3Endpoint(endpoint);
  const port = parsed.port ?? options.port;
  return new Client({
    endPoint: parsed.endPoint,
    ...(port !== undefined ? { port } : {}),
    useSSL: options.useSSL ?? parsed.useSSL ?? false,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    // A fixed region keeps the client from asking the server for it before every presign.
    region,
    pathStyle: options.pathStyle ?? true,
  });
}

/** S3 or MinIO through the minio client. Creates the bucket when it does not exist yet. */
export async function createS3Storage(options: S3StorageOptions): Promise<ObjectStorage> {
  const { bucket } = options;
  const region = options.region || 'us-east-1';
  const client = makeClient(options.endpoint, options, region);
  const presigner = options.publicEndpoint
    ? makeClient(options.publicEndpoint, { ...options, port: undefined, useSSL: undefined }, region)
    : client;

  if (!(await client.bucketExists(bucket))) {
    try {
      await client.makeBucket(bucket, region);
    } catch (err) {
      // Another process starting at the same time may have created it first.
      if (!(await client.bucketExists(bucket))) throw err;
    }
  }

  // ListObjectsV2 answers each key with its size: weighing a prefix reads no object
  const listObjects = async (prefix: string): Promise<ListedObject[]> => {
    assertValidPrefix(prefix);
    const listed: ListedObject[] = [];
    const stream = client.listObjectsV2(bucket, prefix, true);
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (item: BucketItem) => {
        if (item.name !== undefined) listed.push({ key: item.name, size: item.size });
      });
      stream.on('error', reject);
      stream.on('end', resolve);
    });
    return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };

  return {
    async put(key, body, { contentType, size }) {
      assertValidKey(key);
      const metadata = { 'Content-Type': contentType || DEFAULT_CONTENT_TYPE };
      if (Buffer.isBuffer(body)) {
        if (size !== undefined && size !== body.length) {
          throw new ObjectSizeMismatchError(key, size, body.length);
        }
        await client.putObject(bucket, key, body, body.length, metadata);
        return;
      }
      if (size === undefined) {
        // Without a length minio assumes a 5 TiB object and buffers ~500 MiB parts in memory;
        // spooling to a temp file gives it the real length (one request, or normal-sized parts).
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-s3-put-'));
        try {
          const spool = path.join(dir, 'body');
          await pipelineAsync(body, createWriteStream(spool));
          const { size: length } = await fs.stat(spool);
          await client.putObject(bucket, key, createReadStream(spool), length, metadata);
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
        return;
      }
      // minio trusts a declared size; the guard fails the upload instead of storing a wrong length.
      const guarded = new SizeGuard(key, size);
      pipeline(body, guarded, () => undefined);
      await client.putObject(bucket, key, guarded, size, metadata);
    },

    async get(key): Promise<StoredObject> {
      assertValidKey(key);
      try {
        const info = await client.statObject(bucket, key);
        const stream = await client.getObject(bucket, key);
        return {
          stream,
          size: info.size,
          contentType: contentTypeOf(info.metaData),
        };
      } catch (err) {
        if (isNotFound(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
    },

    async stat(key) {
      assertValidKey(key);
      try {
        const info = await client.statObject(bucket, key);
        return {
          size: info.size,
          contentType: contentTypeOf(info.metaData),
          updatedAt: new Date(info.lastModified),
        };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async remove(key) {
      assertValidKey(key);
      await client.removeObject(bucket, key);
    },

    async list(prefix) {
      return (await listObjects(prefix)).map((object) => object.key);
    },

    listWithSizes: listObjects,

    async signedUrl(key, expiresInSeconds) {
      assertValidKey(key);
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1) {
        throw new RangeError('expiresInSeconds must be a positive integer');
      }
      if (expiresInSeconds > MAX_PRESIGN_SECONDS) {
        throw new RangeError(`expiresInSeconds must be at most ${MAX_PRESIGN_SECONDS} (7 days)`);
      }
      return presigner.presignedGetObject(bucket, key, expiresInSeconds);
    },
  };
}

function contentTypeOf(metaData: Record<string, unknown> | undefined): string {
  const value = metaData?.['content-type'] ?? metaData?.['Content-Type'];
  return typeof value === 'string' && value !== '' ? value : DEFAULT_CONTENT_TYPE;
}
