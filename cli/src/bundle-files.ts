// Bundles between a local file and object storage, where identity writes an export and reads an
// import. Object storage is configured as the services read it; without any configuration it is the
// disk of the `npm start` of this checkout.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { tenantImportKey } from '@sb/contracts';
import { createStorage, loadStorageConfig, type ObjectStorage } from '@sb/storage';
import { repoRoot } from './transport/operator-transport.js';

const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * `env` as the services would read it for storage, the disk paths made absolute against `root` (where
 * `npm start` runs and resolves them), so that the command line finds the same files wherever it runs.
 */
export function storageEnv(
  env: Record<string, string | undefined>,
  root = repoRoot,
): Record<string, string | undefined> {
  if (set(env.S3_ENDPOINT)) return env;
  const mediaDir = set(env.MEDIA_DIR);
  return {
    ...env,
    ...(mediaDir ? { MEDIA_DIR: path.resolve(root, mediaDir) } : {}),
    DATA_DIR: path.resolve(root, set(env.DATA_DIR) ?? './.data'),
  };
}

/** Where the storage of `env` is, for messages: the bucket or the folder. */
export function storageTarget(env: Record<string, string | undefined>, root = repoRoot): string {
  const config = loadStorageConfig(storageEnv(env, root));
  return config.driver === 's3'
    ? `S3 ${config.endpoint} bucket ${config.bucket}`
    : `the folder ${config.root}`;
}

/** The object storage `env` configures, as `storageEnv` reads it. */
export const openStorage = (
  env: Record<string, string | undefined>,
  root = repoRoot,
): Promise<ObjectStorage> => createStorage(storageEnv(env, root));

/**
 * Copies the object at `key` to `file`: into a temporary file beside it, renamed at the end, so that
 * `file` is the whole bundle or absent (a crash leaves only the temporary file). Answers its bytes.
 */
export async function downloadBundle(
  storage: ObjectStorage,
  key: string,
  file: string,
): Promise<number> {
  const target = path.resolve(file);
  const partial = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.part`,
  );
  try {
    const { stream } = await storage.get(key);
    await pipeline(stream, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // on disk before its name says it is whole
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return (await stat(target)).size;
}

/** The SHA-256 of a file, hex. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export type UploadedBundle = {
  /** where it is in object storage: `tenant-imports/<sha-256>.swb` */
  key: string;
  bytes: number;
  /** it was there already (an import of the same file that did not finish): not sent again */
  reused: boolean;
};

/**
 * Puts `file` where an import reads it. The key is the file's SHA-256, so that asking again with the
 * same file finds the copy an import that failed left, and sends nothing twice.
 */
export async function uploadBundle(storage: ObjectStorage, file: string): Promise<UploadedBundle> {
  const { size } = await stat(file);
  const key = tenantImportKey(await sha256Of(file));
  const stored = await storage.stat(key);
  if (stored?.size === size) return { key, bytes: size, reused: true };
  await storage.put(key, createReadStream(file), {
    contentType: 'application/octet-stream',
    size,
  });
  return { key, bytes: size, reused: false };
}
