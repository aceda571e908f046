import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import S3rver from 's3rver';
import { describeObjectStorageContract } from '../src/object-storage.contract.js';
import { createS3Storage, type S3StorageOptions } from '../src/s3-storage.js';
import { createStorage } from '../src/create-storage.js';
import type { ObjectStorage } from '../src/object-storage.js';

// s3rver accepts exactly these credentials and checks request signatures with them.
const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER' };
let server: S3rver;
let directory: string;
let port: number;

const options = (bucket: string): S3StorageOptions => ({
  endpoint: `http://127.0.0.1:${port}`,
  bucket,
  ...credentials,
});

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  ({ port } = await server.run());
});

afterAll(async () => {
  await server.close();
  await fs.rm(directory, { recursive: true, force: true });
});

describeObjectStorageContract('s3 (s3rver)', () => createS3Storage(options('contract')));

describe('createS3Storage', () => {
  let storage: ObjectStorage;

  beforeAll(async () => {
    storage = await createS3Storage(options('media'));
    await storage.put('company-3/users/pic.png', Buffer.from('picture'), {
      contentType: 'image/png',
    });
  });

  it('creates the bucket when missing and reuses it afterwards', async () => {
    const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, ...credentials });
    expect(await client.bucketExists('fresh-bucket')).toBe(false);
    await createS3Storage(options('fresh-bucket'));
    expect(await client.bucketExists('fresh-bucket')).toBe(true);
    await expect(createS3Storage(options('fresh-bucket'))).resolves.toBeDefined();
  });

  it('presigns GET URLs that serve the object with its content type', async () => {
    const url = await storage.signedUrl!('company-3/users/pic.png', 60);
    expect(url).toContain(`127.0.0.1:${port}/media/company-3/users/pic.png?`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('picture');
  });

  it('presigns with SigV4 for exactly the key and the expiry asked for', async () => {
    // s3rver checks expiry but not v4 signatures, so the signed parts are asserted here.
    const url = new URL(await storage.signedUrl!('company-3/users/pic.png', 90));
    expect(url.pathname).toBe('/media/company-3/users/pic.png');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('90');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('presigned URLs expire', async () => {
    const url = await storage.signedUrl!('company-3/users/pic.png', 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('rejects expiries outside 1 second to 7 days', async () => {
    await expect(storage.signedUrl!('company-3/users/pic.png', 0)).rejects.toThrow(RangeError);
    await expect(storage.signedUrl!('company-3/users/pic.png', 8 * 24 * 3600)).rejects.toThrow(
      RangeError,
    );
  });

  it('signs presigned URLs for the public endpoint when one is given', async () => {
    const publicStorage = await createS3Storage({
      ...options('media'),
      publicEndpoint: `http://localhost:${port}`,
    });
    const url = await publicStorage.signedUrl!('company-3/users/pic.png', 60);
    expect(new URL(url).host).toBe(`localhost:${port}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('picture');
  });

  it('is what createStorage builds when S3_ENDPOINT is set', async () => {
    const fromEnv = await createStorage({
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: String(port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'media',
    });
    expect(await fromEnv.stat('company-3/users/pic.png')).toMatchObject({
      size: 7,
      contentType: 'image/png',
    });
    expect(fromEnv.signedUrl).toBeDefined();
  });
});
