#!/usr/bin/env node
// `npx switchboard` in a checkout, `switchboard` in the image. In a checkout the build of `npm start`
// runs first (Nx caches it), so the command line is never older than the code beside it; the image
// ships cli/dist without the build tools.
import { existsSync } from 'node:fs';

const quietBuildScript = new URL('../../scripts/quiet-build.mjs', import.meta.url);
if (existsSync(quietBuildScript)) {
  const { quietBuild } = await import(quietBuildScript.href);
  // stdout carries the command's own output (JSON lines in a pipe): the build's lines go to stderr
  const toStdout = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr);
  try {
    await quietBuild();
  } finally {
    process.stdout.write = toStdout;
  }
}
await import('../dist/main.js');
