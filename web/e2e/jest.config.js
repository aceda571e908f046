// Browser tests: the built standalone server driven by Debian's chromium through playwright-core.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestConfig } from '../../jest.preset.js';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export default jestConfig(web, {
  displayName: 'web-e2e',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  testTimeout: 180_000,
  maxWorkers: 1,
  // one app for the whole run; each file makes a company of its own on it (harness.ts)
  globalSetup: '<rootDir>/e2e/global-setup.js',
  globalTeardown: '<rootDir>/e2e/global-teardown.js',
});
