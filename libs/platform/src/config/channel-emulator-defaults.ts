import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Env = Record<string, string | undefined>;

/**
 * Where `npm run emulator` listens by default and the file in DATA_DIR holding the secret it signs
 * webhooks with. `npm start` and the emulator meet there, so the demo needs no variable and no restart.
 */
export const ChannelEmulatorDefaults = {
  port: 4010,
  graphVersion: 'v26.0',
  secretFile: 'channel-emulator-secret',
} as const;

/** The emulator's Graph API on loopback, at EMULATOR_PORT (the same variable the emulator reads). */
export function channelEmulatorGraphUrl(env: Env): string {
  const port = Number(env.EMULATOR_PORT || ChannelEmulatorDefaults.port);
  const valid = Number.isInteger(port) && port > 0 && port < 65536;
  return `http://127.0.0.1:${valid ? port : ChannelEmulatorDefaults.port}/${ChannelEmulatorDefaults.graphVersion}`;
}

/**
 * The shared webhook secret in `dataDir`: read when either side already wrote it, else created (by
 * whichever of `npm start` and `npm run emulator` comes first; `wx` so two first starts agree).
 */
export function channelEmulatorSecret(dataDir: string): string {
  const file = path.join(dataDir, ChannelEmulatorDefaults.secretFile);
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const stored = read();
  if (stored.length >= 32) return stored;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // the other side created it in between: its value wins
  }
  return read();
}

/**
 * The Meta variables `npm start` uses when none is set outside production: the Graph API of the
 * emulator on its default loopback address, and the shared secret. A deployment that talks to Meta
 * has META_APP_SECRET set (no webhook is accepted without it), so it never lands here; NODE_ENV=production
 * never does either.
 */
export function channelEmulatorEnv(env: Env, dataDir: string): Env {
  if (env.NODE_ENV === 'production' || env.META_GRAPH_URL || env.META_APP_SECRET) return {};
  return {
    META_GRAPH_URL: channelEmulatorGraphUrl(env),
    META_APP_SECRET: channelEmulatorSecret(dataDir),
  };
}
