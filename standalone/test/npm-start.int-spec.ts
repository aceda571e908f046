import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../..', import.meta.url));

// `npm start` itself, through npm and its shell, as the README tells a person to run it.
describe('npm start in a terminal', () => {
  let workDir: string;
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'sb-npm-start-'));
    // run as root, PostgreSQL runs as the postgres user, who must reach its data directory
    chmodSync(workDir, 0o755);
  });

  afterAll(() => {
    if (child?.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('prints the build in one line, not its listing, and a Ctrl+C exits 0', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: '0',
      WEB_PORT: '0',
      METRICS_PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      ADMIN_PASSWORD: 'npm-start-pass-1',
      NODE_ENV: 'development',
      NX_DAEMON: 'false',
    };
    for (const name of ['DATABASE_URL', 'NATS_URL', 'NATS_NAMESPACE', 'LOG_FORMAT', 'LOG_LEVEL']) {
      delete env[name];
    }
    // its own process group: the signal below reaches npm, its shell and the app, as a terminal's does
    child = spawn('npm', ['start'], { cwd: repository, env, detached: true });
    const running = child;
    const exited = new Promise<number | null>((resolve) =>
      running.once('exit', (code) => resolve(code)),
    );
    running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    running.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

    const deadline = Date.now() + 240_000;
    while (!/^ready$/m.test(output)) {
      if (running.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const beforeBanner = output.slice(0, output.indexOf('Switchboard is running')).split('\n');
    expect(output).toMatch(/^Built in [\d.]+ s\.$/m);
    // no chunk listing, no Nx task list: npm's two header lines, the build's two, the log lines
    expect(beforeBanner.filter((line) => /dist\/|nx run|NX /.test(line))).toEqual([]);
    expect(beforeBanner.length).toBeLessThan(30);

    process.kill(-running.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Switchboard stopped.');
  }, 300_000);
});
