import { rmSync } from 'node:fs';
import path from 'node:path';
import { SharedStandaloneEnv } from '@sb/testing/standalone';

/** Stops the shared app of global-setup.js and removes its JSON file. */
export default async function globalTeardown() {
  await globalThis.sbE2eStop?.();
  const file = process.env[SharedStandaloneEnv];
  if (file) rmSync(path.dirname(file), { recursive: true, force: true });
}
