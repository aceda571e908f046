import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export type CliRun = { code: number | null; stdout: string; stderr: string; lines: unknown[] };

/**
 * Runs the built command line as an operator does, stdout a pipe (so JSON lines). Only `env` says
 * where it acts: the test's own NATS_URL and DATA_DIR are left out.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const base: Record<string, string | undefined> = { ...process.env };
  for (const name of ['NATS_URL', 'NATS_NAMESPACE', 'DATA_DIR']) delete base[name];
  const child = spawn(process.execPath, [main, ...args], {
    cwd: path.dirname(main),
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
  return { code, stdout, stderr, lines };
}
