import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sb/platform/net';
import { createTestDatabase, dropTestNatsNamespace, testNatsNamespace } from '../infra/index.js';

// src/standalone or dist/standalone: the repository is four levels up either way
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ReadyTimeoutMs = 150_000;

export type RunningStandalone = {
  webUrl: string;
  apiUrl: string;
  /** the super admin's, unless a browser test names the admin of a company of its own */
  adminEmail: string;
  adminPassword: string;
  /** the platform's super admin (company 1) */
  superEmail: string;
  superPassword: string;
  /** the app's database, for a scenario that sets up what no screen can (a phone's history import) */
  databaseUrl: string;
  /** the app's NATS namespace (its bus when NATS_URL is set) */
  natsNamespace: string;
  /** the app's DATA_DIR (its operator socket, for the command line) */
  dataDir: string;
  stop: () => Promise<void>;
};

/**
 * Starts the built standalone for browser tests (`node standalone/dist/main.js`) on free ports with a fresh database and
 * resolves once it prints that it is ready. `env`: more settings of the standalone (e.g. SUPPORT_URL).
 */
export const startStandalone = async (
  env: Record<string, string> = {},
): Promise<RunningStandalone> => {
  const entry = path.join(repoRoot, 'standalone/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first');
  }
  const [port, webPort] = [await freePort(), await freePort()];
  const database = await createTestDatabase('e2e');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-'));
  const natsNamespace = testNatsNamespace('e2e');
  const adminEmail = 'admin@e2e.test';
  const adminPassword = `E2e-${Math.random().toString(36).slice(2, 10)}`;

  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // when CI gives a NATS_URL, stay apart from anything else on that server
      NATS_NAMESPACE: natsNamespace,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // a file's own app runs beside the run's shared one: each metrics endpoint on a free port
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // SB_STANDALONE_LOG=<file>: the app's whole log, for a failure that needs what the server saw
  const logFile = process.env.SB_STANDALONE_LOG;
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`standalone not ready in ${ReadyTimeoutMs} ms:\n${output.slice(-4000)}`)),
      ReadyTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/\bready\b/i.test(output)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`standalone exited with ${code}:\n${output.slice(-4000)}`));
    });
  });

  return {
    // config.js names the API on localhost: the page must be on the same site for the refresh cookie.
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${port}`,
    adminEmail,
    adminPassword,
    superEmail: adminEmail,
    superPassword: adminPassword,
    databaseUrl: database.url,
    natsNamespace,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      await database.drop().catch(() => undefined);
      if (process.env.NATS_URL) {
        await dropTestNatsNamespace(process.env.NATS_URL, natsNamespace).catch(() => undefined);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Names the JSON file (a RunningStandalone but its stop) where a run's global setup describes the one
 * standalone its test files share.
 */
export const SharedStandaloneEnv = 'SB_E2E_SHARED_APP';
