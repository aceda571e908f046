import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createStorage, loadStorageConfig } from './create-storage.js';
import { StorageConfigError } from './storage.errors.js';
import { createUrlSigner } from './url-signer.js';

const s3 = { S3_ENDPOINT: 'minio', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('loadStorageConfig', () => {
  it('defaults to disk under ./.data/media', () => {
    expect(loadStorageConfig({})).toEqual({ driver: 'disk', root: path.resolve('.data/media') });
  });

  it('puts media under DATA_DIR, and MEDIA_DIR wins over it', () => {
    expect(loadStorageConfig({ DATA_DIR: '/srv/sb' })).toEqual({
      driver: 'disk',
      root: '/srv/sb/media',
    });
    expect(loadStorageConfig({ DATA_DIR: '/srv/sb', MEDIA_DIR: '/mnt/media' })).toEqual({
      driver: 'disk',
      root: '/mnt/media',
    });
  });

  it('treats an empty S3_ENDPOINT as unset', () => {
    expect(loadStorageConfig({ S3_ENDPOINT: '', MEDIA_DIR: '/m' })).toEqual({
      driver: 'disk',
      root: '/m',
    });
  });

  it('chooses S3 when S3_ENDPOINT is set, with defaults', () => {
    expect(loadStorageConfig(s3)).toEqual({
      driver: 's3',
      endpoint: 'minio',
      port: undefined,
      useSSL: undefined,
      accessKey: 'key',
      secretKey: 'secret',
      bucket: 'switchboard',
      region: 'us-east-1',
      pathStyle: undefined,
      publicEndpoint: undefined,
    });
  });

  it('reads port, TLS, bucket, region, path style and public endpoint', () => {
    expect(
      loadStorageConfig({
        ...s3,
        S3_PORT: '9000',
        S3_USE_SSL: 'true',
        S3_BUCKET: 'sb-media',
        S3_REGION: 'eu-west-1',
        S3_PATH_STYLE: 'false',
        S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      }),
    ).toMatchObject({
      port: 9000,
      useSSL: true,
      bucket: 'sb-media',
      region: 'eu-west-1',
      pathStyle: false,
      publicEndpoint: 'https://files.example.com',
    });
  });

  it('lists every problem in one error', () => {
    let error: unknown;
    try {
      loadStorageConfig({
        S3_ENDPOINT: 'ftp://minio',
        S3_PORT: 'abc',
        S3_USE_SSL: 'maybe',
        S3_BUCKET: 'Bad_Bucket',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StorageConfigError);
    const problems = (error as StorageConfigError).problems.join('\n');
    for (const name of ['S3_PORT', 'S3_USE_SSL', 'S3_BUCKET']) expect(problems).toContain(name);
    expect((error as Error).message).toContain('S3_PORT');
  });

  it('requires the keys and a usable endpoint once S3_ENDPOINT is set', () => {
    expect(() => loadStorageConfig({ S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ACCESS_KEY: required when S3_ENDPOINT is set[\s\S]*S3_SECRET_KEY/,
    );
    expect(() => loadStorageConfig({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(
      /S3_ENDPOINT: .*http or https/,
    );
    expect(() => loadStorageConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000/path' })).toThrow(
      /no path/,
    );
  });
});

describe('createStorage', () => {
  it('builds disk storage with signed URLs when given a signer', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-create-storage-'));
    try {
      const signer = createUrlSigner({ secret: 'create-storage-secret-0123456789abcdef' });
      const storage = await createStorage({ MEDIA_DIR: root }, { signer });
      await storage.put('company-1/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
      expect(await fs.readFile(path.join(root, 'company-1/a.txt'), 'utf8')).toBe('a');
      expect(await storage.signedUrl!('company-1/a.txt', 60)).toMatch(
        /^\/media\/company-1\/a\.txt\?exp=\d+&sig=[\w-]{43}$/,
      );
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
