import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ChannelEmulatorDefaults,
  channelEmulatorEnv,
  channelEmulatorSecret,
} from './channel-emulator-defaults.js';

describe('the channel emulator defaults of npm start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sb-emulator-defaults-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('point Meta traffic at the emulator on loopback with the secret kept in DATA_DIR', () => {
    const env = channelEmulatorEnv({}, dataDir);
    expect(env.META_GRAPH_URL).toBe('http://127.0.0.1:4010/v26.0');
    const stored = readFileSync(path.join(dataDir, ChannelEmulatorDefaults.secretFile), 'utf8');
    expect(env.META_APP_SECRET).toBe(stored.trim());
    expect(env.META_APP_SECRET!.length).toBeGreaterThanOrEqual(32);
    // the emulator started later reads the same one
    expect(channelEmulatorSecret(dataDir)).toBe(env.META_APP_SECRET);
    expect(channelEmulatorEnv({ EMULATOR_PORT: '4999' }, dataDir).META_GRAPH_URL).toBe(
      'http://127.0.0.1:4999/v26.0',
    );
  });

  it('never apply in production or when any Meta variable is set', () => {
    expect(channelEmulatorEnv({ NODE_ENV: 'production' }, dataDir)).toEqual({});
    expect(channelEmulatorEnv({ META_APP_SECRET: 'real' }, dataDir)).toEqual({});
    expect(
      channelEmulatorEnv({ META_GRAPH_URL: 'https://graph.facebook.com/v26.0' }, dataDir),
    ).toEqual({});
  });
});
