import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scopeToCompany } from './company-storage.js';
import { createDiskStorage } from './disk-storage.js';
import { mediaKey } from './media-key.js';
import type { ObjectStorage } from './object-storage.js';
import { InvalidObjectKeyError } from './storage.errors.js';
import { createUrlSigner } from './url-signer.js';

describe('scopeToCompany', () => {
  let root: string;
  let storage: ObjectStorage;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-company-storage-'));
    const signer = createUrlSigner({ secret: 'company-scope-secret-0123456789abcdef' });
    storage = await createDiskStorage({ root, signer });
    await storage.put('company-10/users/ten.png', Buffer.from('10'), { contentType: 'image/png' });
  });

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('works on the company’s own keys', async () => {
    const company1 = scopeToCompany(storage, 1);
    const key = mediaKey({ companyId: 1, area: 'users', fileName: 'me.png' });
    await company1.put(key, Buffer.from('me'), { contentType: 'image/png' });
    expect(await company1.stat(key)).toMatchObject({ size: 2 });
    expect(await company1.list('company-1/')).toEqual([key]);
    expect(await company1.listWithSizes('company-1/')).toEqual([{ key, size: 2 }]);
    expect(await company1.signedUrl!(key, 60)).toContain(`/media/${key}?`);
    await company1.remove(key);
    expect(await company1.list('company-1/')).toEqual([]);
  });

  it('refuses another company’s keys and prefixes, including company 10 for company 1', async () => {
    const company1 = scopeToCompany(storage, 1);
    const foreign = 'company-10/users/ten.png';
    await expect(company1.get(foreign)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(company1.stat(foreign)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(company1.remove(foreign)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(company1.signedUrl!(foreign, 60)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(
      company1.put(foreign, Buffer.from('x'), { contentType: 'image/png' }),
    ).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(
      company1.put('company-1/../company-10/users/ten.png', Buffer.from('x'), {
        contentType: 'image/png',
      }),
    ).rejects.toBeInstanceOf(InvalidObjectKeyError);
    for (const prefix of ['company-1', 'company-10/', '', 'company-']) {
      await expect(company1.list(prefix)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(company1.listWithSizes(prefix)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    expect(await storage.stat(foreign)).toMatchObject({ size: 2 });
  });
});
