import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storageEnv } from './bundle-files.js';
import { loadTargetEnv, parseEnvFile } from './target-env.js';

describe("a move's target configuration", () => {
  it('reads KEY=VALUE lines as a .env file has them', () => {
    expect(
      parseEnvFile(
        [
          '# the target',
          'NATS_URL=nats://other:4222',
          'export NATS_NAMESPACE = prod  # its namespace',
          'S3_SECRET_KEY="a # in quotes"',
          "S3_ACCESS_KEY='k'",
          '',
        ].join('\n'),
      ),
    ).toEqual({
      NATS_URL: 'nats://other:4222',
      NATS_NAMESPACE: 'prod',
      S3_SECRET_KEY: 'a # in quotes',
      S3_ACCESS_KEY: 'k',
    });
    expect(() => parseEnvFile('NATS_URL')).toThrow('line 1 is not KEY=VALUE');
  });

  it("makes its paths absolute from the file's folder, and refuses none or this same one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-target-'));
    try {
      const file = path.join(dir, 'target.env');
      writeFileSync(file, 'DATA_DIR=other/.data\n');
      expect(await loadTargetEnv(file, {})).toEqual({
        DATA_DIR: path.join(dir, 'other/.data'),
      });
      writeFileSync(file, 'S3_ENDPOINT=http://s3:9000\n');
      await expect(loadTargetEnv(file, {})).rejects.toThrow('names no Switchboard');
      writeFileSync(file, 'NATS_URL=nats://a:4222\nNATS_NAMESPACE=x\n');
      await expect(
        loadTargetEnv(file, { NATS_URL: 'nats://a:4222', NATS_NAMESPACE: 'x' }),
      ).rejects.toThrow('names this same Switchboard');
      await expect(loadTargetEnv(path.join(dir, 'none.env'), {})).rejects.toThrow('cannot read');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the storage the command line reads', () => {
  it("is the services' S3, or the disk of npm start's DATA_DIR read from the checkout", () => {
    const s3 = { S3_ENDPOINT: 'http://s3:9000', DATA_DIR: 'x' };
    expect(storageEnv(s3, '/repo')).toBe(s3);
    expect(storageEnv({}, '/repo')).toEqual({ DATA_DIR: '/repo/.data' });
    expect(storageEnv({ DATA_DIR: 'state', MEDIA_DIR: 'm' }, '/repo')).toEqual({
      DATA_DIR: '/repo/state',
      MEDIA_DIR: '/repo/m',
    });
  });
});
