// The one behaviour suite every ObjectStorage driver must pass (disk in disk-storage.spec.ts, S3
// against s3rver in test/s3-storage.int-spec.ts). Keys are unique per run so a shared server is fine.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { mediaKey } from './media-key.js';
import { streamToBuffer, type ObjectStorage } from './object-storage.js';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
} from './storage.errors.js';

export const TRAVERSAL_KEYS = [
  '',
  '../escape.txt',
  'company-1/../../escape.txt',
  'company-1/./a.txt',
  '/etc/passwd',
  'company-1//a.txt',
  'company-1/a.txt/',
  'company-1\\..\\..\\escape.txt',
  '.meta/company-1/a.txt.json',
  '.tmp/x',
  'company-1/.hidden',
  'company-1/a\u0000b.txt',
  'company-1/a\nb.txt',
  'company-1/caf\u00e9.txt',
  '%2e%2e/escape.txt',
];

const chunked = (data: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
      data.subarray(i * size, (i + 1) * size),
    ),
  );

export function describeObjectStorageContract(
  name: string,
  setup: () => Promise<ObjectStorage>,
): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    // A company id of its own per run keeps keys apart on a shared server.
    const companyId = 800_000 + Math.floor(Math.random() * 99_999);
    const root = `company-${companyId}`;
    const key = (rest: string) => `${root}/${rest}`;

    beforeAll(async () => {
      storage = await setup();
    });

    it('round-trips a buffer with its content type and size', async () => {
      const body = Buffer.from('hello, switchboard');
      await storage.put(key('buffers/hello.txt'), body, { contentType: 'text/plain' });

      const object = await storage.get(key('buffers/hello.txt'));
      expect(object.contentType).toBe('text/plain');
      expect(object.size).toBe(body.length);
      expect(await streamToBuffer(object.stream)).toEqual(body);

      const stat = await storage.stat(key('buffers/hello.txt'));
      expect(stat).toMatchObject({ size: body.length, contentType: 'text/plain' });
      expect(stat?.updatedAt).toBeInstanceOf(Date);
      expect(Math.abs((stat as { updatedAt: Date }).updatedAt.getTime() - Date.now())).toBeLessThan(
        120_000,
      );
    });

    it('round-trips a binary stream of unknown length', async () => {
      const body = randomBytes(300_000);
      await storage.put(key('streams/blob.bin'), chunked(body, 16_384), {
        contentType: 'application/pdf',
      });
      const object = await storage.get(key('streams/blob.bin'));
      expect(object.size).toBe(body.length);
      expect(object.contentType).toBe('application/pdf');
      expect((await streamToBuffer(object.stream)).equals(body)).toBe(true);
    });

    it('accepts a stream with a matching declared size', async () => {
      const body = randomBytes(50_000);
      await storage.put(key('streams/sized.bin'), chunked(body, 7_000), {
        contentType: 'image/png',
        size: body.length,
      });
      const object = await storage.get(key('streams/sized.bin'));
      expect((await streamToBuffer(object.stream)).equals(body)).toBe(true);
    });

    it('rejects a body whose length differs from the declared size and stores nothing', async () => {
      const short = chunked(randomBytes(1_000), 100);
      await expect(
        storage.put(key('streams/short.bin'), short, { contentType: 'image/png', size: 2_000 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
      const long = chunked(randomBytes(3_000), 100);
      await expect(
        storage.put(key('streams/long.bin'), long, { contentType: 'image/png', size: 2_000 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
      await expect(
        storage.put(key('streams/buf.bin'), Buffer.alloc(10), { contentType: 'a/b', size: 11 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);

      expect(await storage.stat(key('streams/short.bin'))).toBeUndefined();
      expect(await storage.stat(key('streams/long.bin'))).toBeUndefined();
      expect(await storage.stat(key('streams/buf.bin'))).toBeUndefined();
    });

    it('stores an empty object', async () => {
      await storage.put(key('empty.txt'), Buffer.alloc(0), { contentType: 'text/plain' });
      const object = await storage.get(key('empty.txt'));
      expect(object.size).toBe(0);
      expect((await streamToBuffer(object.stream)).length).toBe(0);
    });

    it('overwrites content and content type', async () => {
      await storage.put(key('over.dat'), Buffer.from('first'), { contentType: 'text/plain' });
      await storage.put(key('over.dat'), Buffer.from('second!'), { contentType: 'image/jpeg' });
      const object = await storage.get(key('over.dat'));
      expect(object.contentType).toBe('image/jpeg');
      expect((await streamToBuffer(object.stream)).toString()).toBe('second!');
      expect(await storage.stat(key('over.dat'))).toMatchObject({ size: 7 });
    });

    it('answers a missing key with undefined from stat and ObjectNotFoundError from get', async () => {
      expect(await storage.stat(key('missing/nothing.txt'))).toBeUndefined();
      await expect(storage.get(key('missing/nothing.txt'))).rejects.toBeInstanceOf(
        ObjectNotFoundError,
      );
      await expect(storage.get(key('missing/nothing.txt'))).rejects.toThrow(/missing\/nothing/);
      await expect(storage.remove(key('missing/nothing.txt'))).resolves.toBeUndefined();
    });

    it('lists keys under a prefix, sorted, without neighbours that share the text', async () => {
      const other = `company-${companyId}0`;
      const body = Buffer.from('x');
      for (const k of [
        key('list/b.txt'),
        key('list/a.txt'),
        key('list/sub/c.txt'),
        key('lister.txt'),
      ]) {
        await storage.put(k, body, { contentType: 'text/plain' });
      }
      await storage.put(`${other}/list/a.txt`, body, { contentType: 'text/plain' });

      expect(await storage.list(key('list/'))).toEqual([
        key('list/a.txt'),
        key('list/b.txt'),
        key('list/sub/c.txt'),
      ]);
      expect(await storage.list(key('list'))).toEqual([
        key('list/a.txt'),
        key('list/b.txt'),
        key('list/sub/c.txt'),
        key('lister.txt'),
      ]);
      expect(await storage.list(key('list/s'))).toEqual([key('list/sub/c.txt')]);
      expect(await storage.list(`${root}/`)).not.toContain(`${other}/list/a.txt`);
      expect(await storage.list(key('nowhere/'))).toEqual([]);
      await storage.remove(`${other}/list/a.txt`);
    });

    it('lists keys under a prefix with their sizes, sorted, as list does', async () => {
      const other = `company-${companyId}0`;
      await storage.put(key('sized/b.bin'), Buffer.alloc(300), { contentType: 'image/png' });
      await storage.put(key('sized/a.txt'), Buffer.from('four'), { contentType: 'text/plain' });
      await storage.put(key('sized/deep/c.bin'), chunked(randomBytes(10_000), 1_024), {
        contentType: 'application/pdf',
      });
      await storage.put(`${other}/sized/a.txt`, Buffer.from('x'), { contentType: 'text/plain' });

      expect(await storage.listWithSizes(key('sized/'))).toEqual([
        { key: key('sized/a.txt'), size: 4 },
        { key: key('sized/b.bin'), size: 300 },
        { key: key('sized/deep/c.bin'), size: 10_000 },
      ]);
      expect((await storage.listWithSizes(key('sized/'))).map((object) => object.key)).toEqual(
        await storage.list(key('sized/')),
      );
      expect(await storage.listWithSizes(key('nowhere/'))).toEqual([]);
      await storage.remove(key('sized/b.bin'));
      expect(await storage.listWithSizes(key('sized/b'))).toEqual([]);
      await storage.remove(`${other}/sized/a.txt`);
    });

    it('removes an object: gone from get, stat and list', async () => {
      await storage.put(key('gone/x.txt'), Buffer.from('x'), { contentType: 'text/plain' });
      await storage.remove(key('gone/x.txt'));
      expect(await storage.stat(key('gone/x.txt'))).toBeUndefined();
      await expect(storage.get(key('gone/x.txt'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await storage.list(key('gone/'))).toEqual([]);
    });

    it('stores under keys made by mediaKey from hostile file names', async () => {
      const made = mediaKey({
        companyId,
        area: 'messages',
        fileName: '../../etc/pässwd\u0000.PDF',
      });
      await storage.put(made, Buffer.from('pdf'), { contentType: 'application/pdf' });
      expect(await storage.list(`${root}/messages/`)).toEqual([made]);
    });

    it('rejects traversal and malformed keys on every operation', async () => {
      for (const bad of TRAVERSAL_KEYS) {
        await expect(
          storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }),
        ).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.stat(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.remove(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
      for (const bad of ['../', 'company-1/../', '/abs', 'a//', '.meta/']) {
        await expect(storage.list(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.listWithSizes(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
    });

    it('keeps concurrent writers of one key whole (last write wins, never a mix)', async () => {
      const bodies = Array.from({ length: 5 }, () => randomBytes(64_000));
      await Promise.all(
        bodies.map((body) =>
          storage.put(key('race.bin'), chunked(body, 4_096), { contentType: 'image/png' }),
        ),
      );
      const stored = await streamToBuffer((await storage.get(key('race.bin'))).stream);
      expect(bodies.some((body) => body.equals(stored))).toBe(true);
    });
  });
}
