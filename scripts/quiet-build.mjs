// The build `npm start` and `npm run emulator` run first: silent when it works (Nx caches it), its whole
// listing when it fails. A person needs the URLs, not two hundred lines of chunk sizes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Nx's own entry point, found the way npm finds it (its package.json "bin"), run with this node
const require = createRequire(import.meta.url);
const nxPackage = require.resolve('nx/package.json');
const nx = path.join(path.dirname(nxPackage), require(nxPackage).bin.nx);

/** Builds every project; on failure prints what the build printed and exits with its code. */
export async function quietBuild() {
  const started = Date.now();
  process.stdout.write('Building Switchboard (the first build takes a few minutes)…\n');
  const child = spawn(process.execPath, [nx, 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const { code, signal } = await new Promise((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  // Ctrl+C during the build reaches Nx too: stop quietly, as an interrupted command does
  if (signal) process.exit(130);
  if (code !== 0) {
    process.stderr.write(`${output}\nThe build failed (above); nothing was started.\n`);
    process.exit(code ?? 1);
  }
  process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
