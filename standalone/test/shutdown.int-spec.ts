import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

type LogLine = { name?: string; msg?: string; level?: number; url?: string };

/** Every JSON log line of the output (the banner and the stop notice are plain text). */
const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

// `npm start` as a person runs it: a real process on the embedded PostgreSQL, stopped by Ctrl+C.
describe('npm start stopped with Ctrl+C', () => {
  let workDir: string;
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';

  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
    workDir = mkdtempSync(path.join(tmpdir(), 'sb-shutdown-'));
    // run as root, PostgreSQL runs as the postgres user, who must reach its data directory
    chmodSync(workDir, 0o755);
  });

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('stops the gateway and the services, then the bus and PostgreSQL, with exit 0 and no stack trace', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: '0',
      WEB_PORT: '0',
      METRICS_PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      ADMIN_PASSWORD: 'shutdown-pass-1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    };
    // the embedded PostgreSQL and the in-process bus, as on a laptop
    for (const name of ['DATABASE_URL', 'NATS_URL', 'NATS_NAMESPACE', 'LOG_FORMAT']) {
      delete env[name];
    }
    // its own process group, so the signal below reaches the whole group as a terminal's Ctrl+C does
    child = spawn(process.execPath, [main], { env, detached: true });
    const running = child;
    const exited = new Promise<number | null>((resolve) =>
      running.once('exit', (code) => resolve(code)),
    );
    running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    running.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

    const deadline = Date.now() + 90_000;
    while (!/^ready$/m.test(output)) {
      if (running.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const apiUrl = /API\s+(http:\S+)/.exec(output)![1];
    expect((await fetch(`${apiUrl}/version`)).status).toBe(200);
    // the one process's registry and probes on its ops port
    const opsUrl = logLines(output).find((line) => line.msg === 'ops server listening')?.url;
    expect(opsUrl).toMatch(/\/metrics$/);
    expect(await (await fetch(opsUrl!)).text()).toContain('service="standalone"');
    expect((await fetch(opsUrl!.replace(/\/metrics$/, '/health/ready'))).status).toBe(200);

    process.kill(-running.pid!, 'SIGINT');
    expect(await exited).toBe(0);

    // stdout is a pipe: JSON lines, and no line per request at the default level
    const lines = logLines(output);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.filter((line) => line.msg === 'request served')).toEqual([]);
    const stopped = lines
      .filter((line) => line.name === 'standalone' && line.msg?.endsWith(' stopped'))
      .map((line) => line.msg!.replace(/ stopped$/, ''));
    // operators first (no new erase into a stopping platform), then the way in from browsers
    expect(stopped.slice(0, 3)).toEqual(['operator socket', 'gateway', 'web server']);
    expect(stopped.slice(3, 8).sort()).toEqual([
      'campaigns',
      'connectors',
      'identity',
      'reporting',
      'tickets',
    ]);
    expect(stopped.slice(8)).toEqual(['bus', 'embedded PostgreSQL', 'tracing']);
    expect(output).toContain('Switchboard stopped.');
    expect(existsSync(path.join(workDir, 'data', 'operator.sock'))).toBe(false);
    // nothing went wrong on the way down: no warning, no error, no stack trace
    const afterSignal = logLines(output.slice(output.indexOf('SIGINT: stopping Switchboard')));
    expect(afterSignal.filter((line) => (line.level ?? 0) >= 40)).toEqual([]);
    expect(output).not.toMatch(/\n\s+at |\\n\s+at /);
  }, 120_000);
});
