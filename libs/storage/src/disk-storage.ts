import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, assertValidPrefix } from './media-key.js';
import {
  DEFAULT_CONTENT_TYPE,
  type ListedObject,
  type ObjectStat,
  type ObjectStorage,
  type PutObjectOptions,
} from './object-storage.js';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
} from './storage.errors.js';
import { SizeGuard } from './size-guard.js';
import type { UrlSigner } from './url-signer.js';

export type DiskStorageOptions = {
  /** Directory that holds the objects; created when missing. */
  root: string;
  /** Enables `signedUrl`, producing gateway paths such as `/media/<key>?exp=&sig=`. */
  signer?: UrlSigner;
};

type Sidecar = { contentType: string };

// Keys never start a segment with a dot, so these folders are out of every key's reach.
const META_DIR = '.meta';
const TMP_DIR = '.tmp';

// Duck-typed: errors from Node's fs may come from another realm (e.g. under jest's VM modules).
const isErrno = (err: unknown, ...codes: string[]) =>
  typeof err === 'object' &&
  err !== null &&
  codes.includes(String((err as NodeJS.ErrnoException).code));

/**
 * Objects as files under `root`, their content type in a JSON sidecar under `root/.meta`. Writes go to
 * `root/.tmp` first and are renamed into place, so a reader never sees half a file.
 */
export async function createDiskStorage({
  root,
  signer,
}: DiskStorageOptions): Promise<ObjectStorage> {
  const base = path.resolve(root);
  const tmpDir = path.join(base, TMP_DIR);
  await fs.mkdir(tmpDir, { recursive: true });

  const resolveIn = (dir: string, key: string, suffix = '') => {
    assertValidKey(key);
    const target = path.resolve(dir, key + suffix);
    if (!target.startsWith(dir + path.sep))
      throw new InvalidObjectKeyError(key, 'escapes the root');
    return target;
  };
  const dataPath = (key: string) => resolveIn(base, key);
  const metaPath = (key: string) => resolveIn(path.join(base, META_DIR), key, '.json');

  const readContentType = async (key: string): Promise<string> => {
    let text: string;
    try {
      text = await fs.readFile(metaPath(key), 'utf8');
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return DEFAULT_CONTENT_TYPE;
      throw err;
    }
    try {
      const sidecar = JSON.parse(text) as Partial<Sidecar>;
      return typeof sidecar.contentType === 'string' ? sidecar.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      // A damaged sidecar must not hide the file itself.
      return DEFAULT_CONTENT_TYPE;
    }
  };

  const writeAtomically = async (target: string, write: (tmp: string) => Promise<void>) => {
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await write(tmp);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  };

  const listKeys = async (prefix: string): Promise<string[]> => {
    assertValidPrefix(prefix);
    // Walk only the deepest folder the prefix names, not the whole tree.
    const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = dirPart === '' ? base : resolveIn(base, dirPart);
    const keys: string[] = [];
    const walk = async (dir: string, keyDir: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return;
        throw err;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const key = keyDir === '' ? entry.name : `${keyDir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
            await walk(path.join(dir, entry.name), key);
          }
        } else if (entry.isFile() && key.startsWith(prefix)) {
          keys.push(key);
        }
      }
    };
    await walk(start, dirPart);
    return keys.sort();
  };

  const storage: ObjectStorage = {
    async put(key, body, { contentType, size }: PutObjectOptions) {
      const target = dataPath(key);
      const meta = metaPath(key);
      await writeAtomically(target, async (tmp) => {
        if (Buffer.isBuffer(body)) {
          if (size !== undefined && size !== body.length) {
            throw new ObjectSizeMismatchError(key, size, body.length);
          }
          await fs.writeFile(tmp, body);
        } else {
          const sink = createWriteStream(tmp);
          await (size === undefined
            ? pipeline(body, sink)
            : pipeline(body, new SizeGuard(key, size), sink));
        }
        // The sidecar lands before the data: a visible file always has its own content type.
        const sidecar: Sidecar = { contentType: contentType || DEFAULT_CONTENT_TYPE };
        await writeAtomically(meta, (metaTmp) => fs.writeFile(metaTmp, JSON.stringify(sidecar)));
      });
    },

    async get(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(dataPath(key), 'r');
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'EISDIR', 'ENOTDIR')) throw new ObjectNotFoundError(key);
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new ObjectNotFoundError(key);
        const contentType = await readContentType(key);
        // The stream owns the handle from here and closes it when done or destroyed.
        return { stream: handle.createReadStream(), contentType, size: info.size };
      } catch (err) {
        await handle.close();
        throw isErrno(err, 'EISDIR') ? new ObjectNotFoundError(key) : err;
      }
    },

    async stat(key): Promise<ObjectStat | undefined> {
      try {
        const info = await fs.stat(dataPath(key));
        if (!info.isFile()) return undefined;
        return {
          size: info.size,
          contentType: await readContentType(key),
          updatedAt: new Date(info.mtimeMs),
        };
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return undefined;
        throw err;
      }
    },

    async remove(key) {
      const target = dataPath(key);
      try {
        const info = await fs.stat(target);
        if (!info.isFile()) return;
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return;
        throw err;
      }
      await fs.rm(target, { force: true });
      await fs.rm(metaPath(key), { force: true });
    },

    list: listKeys,

    async listWithSizes(prefix) {
      const listed: ListedObject[] = [];
      for (const key of await listKeys(prefix)) {
        try {
          listed.push({ key, size: (await fs.stat(dataPath(key))).size });
        } catch (err) {
          // removed between the listing and the stat: no longer there to count
          if (!isErrno(err, 'ENOENT', 'ENOTDIR')) throw err;
        }
      }
      return listed;
    },
  };

  if (signer) {
    storage.signedUrl = async (key, expiresInSeconds) => signer.signedPath(key, expiresInSeconds);
  }
  return storage;
}
