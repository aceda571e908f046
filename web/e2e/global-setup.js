// Plain JS: jest loads its global setup outside the test files' module mapping, so this imports the
// built @sb/testing (dist), which `npm run build` makes along with the standalone it starts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SharedStandaloneEnv, startStandalone } from '@sb/testing/standalone';

/**
 * Starts the one app the test files share (booting it takes longer than most files run) and tells
 * them where it is through a JSON file named in the environment; global-teardown.js stops it.
 */
export default async function globalSetup() {
  const { stop, ...shared } = await startStandalone();
  globalThis.sbE2eStop = stop;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sb-e2e-shared-')), 'app.json');
  writeFileSync(file, JSON.stringify(shared));
  process.env[SharedStandaloneEnv] = file;
}
