import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDiskStorage } from './disk-storage.js';
import { describeObjectStorageContract, TRAVERSAL_KEYS } from './object-storage.contract.js';
import { streamToBuffer } from './object-storage.js';
import { ObjectNotFoundError } from './storage.errors.js';
import { createUrlSigner } from './url-signer.js';

const secret = 'disk-spec-secret-0123456789abcdef0123';
const dirs: string[] = [];
const tempRoot = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-storage-'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describeObjectStorageContract('disk', async () => createDiskStorage({ root: await tempRoot() }));

describe('createDiskStorage', () => {
  it('keeps the file under its key and the content type in a JSON sidecar', async () => {
    const root = await tempRoot();
    const storage = await createDiskStorage({ root });
    await storage.put('company-1/users/a.png', Buffer.from('png'), { contentType: 'image/png' });

    expect(await fs.readFile(path.join(root, 'company-1/users/a.png'), 'utf8')).toBe('png');
    const sidecar = JSON.parse(
      await fs.readFile(path.join(root, '.meta/company-1/users/a.png.json'), 'utf8'),
    );
    expect(sidecar).toEqual({ contentType: 'image/png' });
    expect(await storage.list('')).toEqual(['company-1/users/a.png']);
  });

  it('leaves no temp file behind after a write or a failed write', async () => {
    const root = await tempRoot();
    const storage = await createDiskStorage({ root });
    await storage.put('company-1/a.txt', Readable.from([Buffer.from('ok')]), {
      contentType: 'text/plain',
    });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('company-1/b.txt', failing, { contentType: 'text/plain' }),
    ).rejects.toThrow('client went away');

    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await storage.stat('company-1/b.txt')).toBeUndefined();
  });

  it('never writes outside its root for hostile keys', async () => {
    const parent = await tempRoot();
    const root = path.join(parent, 'media');
    const storage = await createDiskStorage({ root });
    for (const bad of TRAVERSAL_KEYS) {
      await storage
        .put(bad, Buffer.from('x'), { contentType: 'text/plain' })
        .catch(() => undefined);
    }
    expect(await fs.readdir(parent)).toEqual(['media']);
    expect((await fs.readdir(root)).sort()).toEqual(['.tmp']);
  });

  it('falls back to application/octet-stream when the sidecar is missing or corrupt', async () => {
    const root = await tempRoot();
    const storage = await createDiskStorage({ root });
    await storage.put('company-1/a.bin', Buffer.from('a'), { contentType: 'image/gif' });
    await storage.put('company-1/b.bin', Buffer.from('b'), { contentType: 'image/gif' });
    await fs.rm(path.join(root, '.meta/company-1/a.bin.json'));
    await fs.writeFile(path.join(root, '.meta/company-1/b.bin.json'), '{not json');

    expect((await storage.stat('company-1/a.bin'))?.contentType).toBe('application/octet-stream');
    expect((await storage.get('company-1/b.bin')).contentType).toBe('application/octet-stream');
  });

  it('treats a folder as no object', async () => {
    const storage = await createDiskStorage({ root: await tempRoot() });
    await storage.put('company-1/dir/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    expect(await storage.stat('company-1/dir')).toBeUndefined();
    await expect(storage.get('company-1/dir')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.remove('company-1/dir');
    expect(await storage.list('company-1/')).toEqual(['company-1/dir/a.txt']);
  });

  it('has no signedUrl without a signer', async () => {
    const storage = await createDiskStorage({ root: await tempRoot() });
    expect(storage.signedUrl).toBeUndefined();
  });

  it('signs gateway media paths that verify for their key and expire', async () => {
    let now = Date.UTC(2030, 0, 1);
    const signer = createUrlSigner({ secret, now: () => now });
    const storage = await createDiskStorage({ root: await tempRoot(), signer });
    await storage.put('company-7/users/me.png', Buffer.from('me'), { contentType: 'image/png' });

    const url = await storage.signedUrl!('company-7/users/me.png', 60);
    const parsed = new URL(url, 'http://gateway.test');
    expect(parsed.pathname).toBe('/media/company-7/users/me.png');
    const key = parsed.pathname.slice('/media/'.length);
    const exp = parsed.searchParams.get('exp') ?? undefined;
    const sig = parsed.searchParams.get('sig') ?? undefined;

    expect(signer.verify(key, exp, sig)).toBe(true);
    expect(signer.verify('company-8/users/me.png', exp, sig)).toBe(false);
    now += 61_000;
    expect(signer.verify(key, exp, sig)).toBe(false);
    expect(await streamToBuffer((await storage.get(key)).stream)).toEqual(Buffer.from('me'));
  });
});
