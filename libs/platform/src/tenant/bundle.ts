import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scryptSync,
  timingSafeEqual,
  type DecipherGCM,
} from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { AppError } from '../errors/app-error.js';

/**
 * A company's bundle (docs/tenant-operations.md): a tar file whose first entry, `bundle.json`, says
 * what it is and checks the operator's key; then the entries (each service's part, the media), each
 * encrypted on its own with AES-256-GCM under a key derived from the operator's with scrypt; and last
 * `manifest.json`, encrypted too, with each entry's size and SHA-256. A wrong key is refused at the
 * first entry, an altered entry by its tag or its hash, a truncated file by the missing manifest.
 */
export const BundleFormat = 'switchboard-company-bundle';
/** Bumped when a reader of an older version could not read what a newer one writes. */
export const BundleVersion = 1;

export type BundleHeader = {
  format: typeof BundleFormat;
  version: number;
  /** the bundle's own id: an import maps ids by it, so importing it again adds nothing */
  bundleId: string;
  createdAt: string;
  company: { id: number; name: string };
  /** the last migration of each service's schema at the source */
  schema: Record<string, string>;
  /** HMAC of the bundle id under the derived key: says at once whether a key is the right one */
  keyCheck: string;
};

export type BundleEntry = {
  name: string;
  /** bytes in the file (nonce, ciphertext, tag) */
  bytes: number;
  sha256: string;
  /** rows per table (a service's part) */
  rows?: Record<string, number>;
};

export type BundleManifest = { entries: BundleEntry[] };

/** What an entry says of itself beside its bytes (a media object's content type; read: its size). */
export type EntryMeta = { contentType?: string; size?: number };
const ContentTypeField = 'SWITCHBOARD.content-type';

const NonceBytes = 12;
const TagBytes = 16;
/** What encryption adds to an entry. */
export const EntryOverhead = NonceBytes + TagBytes;

/** The entry key from the operator's secret; the bundle id salts it, so each bundle has its own. */
export function bundleKey(secret: string, bundleId: string): Buffer {
  return scryptSync(secret, `switchboard-bundle:${bundleId}`, 32, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
}

const keyCheckOf = (key: Buffer, bundleId: string) =>
  createHmac('sha256', key).update(`key-check:${bundleId}`).digest('hex');

/** Writes a bundle to `out`: the header, then entries in the order added, then the manifest. */
export class BundleWriter {
  private readonly pack = tar.pack();
  private readonly entries: BundleEntry[] = [];
  private readonly key: Buffer;
  readonly done: Promise<void>;

  constructor(
    out: NodeJS.WritableStream,
    header: Omit<BundleHeader, 'format' | 'version' | 'keyCheck'>,
    secret: string,
  ) {
    this.key = bundleKey(secret, header.bundleId);
    this.done = pipeline(this.pack, out);
    const full: BundleHeader = {
      format: BundleFormat,
      version: BundleVersion,
      ...header,
      keyCheck: keyCheckOf(this.key, header.bundleId),
    };
    this.pack.entry({ name: 'bundle.json' }, JSON.stringify(full, null, 2));
  }

  /** Adds an entry of `size` plain bytes from `source`, encrypted; `meta` travels in its tar header. */
  async add(
    name: string,
    source: NodeJS.ReadableStream,
    size: number,
    rows?: Record<string, number>,
    meta: EntryMeta = {},
  ): Promise<BundleEntry> {
    const nonce = randomBytes(NonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const hash = createHash('sha256');
    const pax = meta.contentType ? { [ContentTypeField]: meta.contentType } : undefined;
    const header = { name, size: size + EntryOverhead, ...(pax ? { pax } : {}) };
    const entry = this.pack.entry(header as tar.Headers);
    const written = new Promise<void>((resolve, reject) =>
      entry.once('error', reject).once('finish', () => resolve()),
    );
    const write = (chunk: Buffer) => {
      hash.update(chunk);
      return entry.write(chunk);
    };
    write(nonce);
    for await (const chunk of Readable.from(source).pipe(cipher)) {
      if (!write(chunk as Buffer)) await new Promise((resolve) => entry.once('drain', resolve));
    }
    write(cipher.getAuthTag());
    entry.end();
    await written;
    const added: BundleEntry = {
      name,
      bytes: size + EntryOverhead,
      sha256: hash.digest('hex'),
      ...(rows ? { rows } : {}),
    };
    this.entries.push(added);
    return added;
  }

  /** Writes the manifest and ends the file. */
  async finish(): Promise<BundleManifest> {
    const manifest: BundleManifest = { entries: this.entries };
    const plain = Buffer.from(JSON.stringify(manifest));
    await this.add('manifest.json', Readable.from([plain]), plain.length);
    this.pack.finalize();
    await this.done;
    return manifest;
  }
}

/** The bundle cannot be read: what a user is told, never a crash. */
export const bundleRefused = (message: string) => new AppError('ERR_INVALID_BUNDLE', { message });

/** Decrypts one entry (nonce, ciphertext, tag) and hashes what it read. */
class EntryDecipher extends Transform {
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private decipher?: DecipherGCM;

  constructor(private readonly key: Buffer) {
    super();
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    // the last TagBytes are the tag: hold them back until the end
    let data = Buffer.concat([this.head, chunk]);
    if (!this.decipher) {
      if (data.length < NonceBytes + TagBytes) {
        this.head = data;
        return done();
      }
      this.decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, NonceBytes));
      data = data.subarray(NonceBytes);
    }
    this.head = data.subarray(data.length - TagBytes);
    const body = data.subarray(0, data.length - TagBytes);
    if (body.length > 0) this.push(this.decipher.update(body));
    done();
  }

  override _flush(done: TransformCallback): void {
    try {
      if (!this.decipher || this.head.length !== TagBytes) throw new Error('short entry');
      this.decipher.setAuthTag(this.head);
      this.push(this.decipher.final());
      done();
    } catch {
      done(bundleRefused('the bundle was altered: an entry does not decrypt'));
    }
  }
}

export type BundleReadEntry = { name: string; rows?: Record<string, number> };

/**
 * Reads a bundle from `input`: checks its header and the key first, then hands each entry (name and
 * plain stream) to `onEntry`, which must consume the stream; answers the header and the manifest
 * once every entry matched it. Any mismatch rejects with ERR_INVALID_BUNDLE.
 */
export async function readBundle(
  input: NodeJS.ReadableStream,
  secret: string,
  onEntry: (name: string, plain: Readable, meta: EntryMeta) => Promise<void>,
): Promise<{ header: BundleHeader; manifest: BundleManifest }> {
  const extract = tar.extract();
  const feeding = pipeline(input, extract).catch((err: unknown) => {
    extract.destroy(err as Error);
  });
  let header: BundleHeader | undefined;
  let key: Buffer | undefined;
  let manifest: BundleManifest | undefined;
  const seen = new Map<string, string>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!header) {
        if (name !== 'bundle.json') throw bundleRefused('this is not a company bundle');
        header = parseHeader(await readAll(entry));
        key = bundleKey(secret, header.bundleId);
        const expected = Buffer.from(keyCheckOf(key, header.bundleId), 'hex');
        const given = Buffer.from(header.keyCheck, 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          throw bundleRefused('the key does not open this bundle');
        }
        continue;
      }
      if (manifest) throw bundleRefused('the bundle goes on after its manifest');
      const decipher = new EntryDecipher(key!);
      const ended = new Promise((resolve, reject) =>
        decipher.once('end', resolve).once('error', reject),
      );
      entry.pipe(decipher);
      if (name === 'manifest.json') {
        manifest = JSON.parse((await readAll(decipher)).toString('utf8')) as BundleManifest;
      } else {
        // tar-stream reads pax records into the header; its types do not list them
        const { pax } = entry.header as { pax?: Record<string, string> };
        const contentType = pax?.[ContentTypeField];
        const size = Math.max(0, (entry.header.size ?? 0) - EntryOverhead);
        await Promise.all([
          onEntry(name, decipher, { ...(contentType ? { contentType } : {}), size }),
          ended,
        ]);
        seen.set(name, decipher.sha256);
      }
    }
    await feeding;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw bundleRefused(`the bundle cannot be read: ${(err as Error).message}`);
  }
  if (!header) throw bundleRefused('the bundle is empty');
  if (!manifest) throw bundleRefused('the bundle is cut short: its manifest is missing');
  const listed = manifest.entries.filter((entry) => entry.name !== 'manifest.json');
  if (listed.length !== seen.size)
    throw bundleRefused('the bundle lacks entries its manifest lists');
  for (const entry of listed) {
    if (seen.get(entry.name) !== entry.sha256) {
      throw bundleRefused(`the bundle was altered: ${entry.name} does not match its manifest`);
    }
  }
  return { header, manifest };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseHeader(raw: Buffer): BundleHeader {
  let header: BundleHeader;
  try {
    header = JSON.parse(raw.toString('utf8')) as BundleHeader;
  } catch {
    throw bundleRefused('this is not a company bundle');
  }
  if (header.format !== BundleFormat) throw bundleRefused('this is not a company bundle');
  if (header.version > BundleVersion) {
    throw bundleRefused(
      `the bundle is of version ${header.version}; this installation reads up to ${BundleVersion}`,
    );
  }
  return header;
}
