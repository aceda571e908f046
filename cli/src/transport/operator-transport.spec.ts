import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseTransport, NoPlatformError, openTransport, repoRoot } from './operator-transport.js';

describe('where the command line acts', () => {
  it('takes NATS when NATS_URL is set, in the namespace the services use', () => {
    expect(chooseTransport({ NATS_URL: 'nats://nats:4222', NATS_NAMESPACE: 'prod' })).toEqual({
      kind: 'nats',
      url: 'nats://nats:4222',
      namespace: 'prod',
    });
    expect(chooseTransport({ NATS_URL: ' nats://a:4222 ', NATS_NAMESPACE: ' ' })).toEqual({
      kind: 'nats',
      url: 'nats://a:4222',
      namespace: undefined,
    });
  });

  it("takes npm start's operator socket otherwise, DATA_DIR read as npm start reads it", () => {
    expect(chooseTransport({ NATS_URL: '' }, '/repo')).toEqual({
      kind: 'socket',
      dataDir: '/repo/.data',
      socketPath: '/repo/.data/operator.sock',
    });
    expect(chooseTransport({ DATA_DIR: 'state' }, '/repo')).toMatchObject({
      socketPath: '/repo/state/operator.sock',
    });
    expect(chooseTransport({ DATA_DIR: '/var/sb' }, '/repo')).toMatchObject({
      socketPath: '/var/sb/operator.sock',
    });
    // the checkout the command line belongs to
    expect(chooseTransport({})).toMatchObject({ dataDir: path.join(repoRoot, '.data') });
  });

  it('says that nothing runs with a DATA_DIR whose socket is missing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-cli-'));
    try {
      const opening = openTransport({ DATA_DIR: dataDir });
      await expect(opening).rejects.toBeInstanceOf(NoPlatformError);
      await expect(opening).rejects.toThrow(
        `No Switchboard is running with DATA_DIR ${dataDir}: start it with \`npm start\`, or set NATS_URL.`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
