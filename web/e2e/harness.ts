import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SharedStandaloneEnv,
  startStandalone,
  type RunningStandalone,
} from '@sb/testing/standalone';
import { chromium, type Browser } from 'playwright-core';
import { apiCall, apiToken } from './app-steps.js';

export { startStandalone };
export type RunningApp = RunningStandalone;

/** The app global-setup.js started for the whole run, as its super admin (company 1). */
export const sharedApp = (): RunningApp => {
  const file = process.env[SharedStandaloneEnv];
  if (!file) throw new Error(`${SharedStandaloneEnv} is not set: run with web/e2e/jest.config.js`);
  const shared = JSON.parse(readFileSync(file, 'utf8')) as Omit<RunningApp, 'stop'>;
  // global-teardown.js stops it once every file has run
  return { ...shared, stop: async () => undefined };
};

/**
 * The shared app with a company of the calling file's own, made through the API by the super admin
 * (the unlimited plan, never due), and its first admin as `adminEmail`: what the file creates, lists
 * and counts is its own, whatever the other files did before it.
 */
export const appWithOwnCompany = async (): Promise<RunningApp> => {
  const app = sharedApp();
  const token = await apiToken(app, app.superEmail, app.superPassword);
  const plans = await apiCall<{ id: number; name: string }[]>(app, token, 'GET', '/plans/all');
  const plan = plans.find((p) => p.name === 'Plano Ilimitado') ?? plans[0]!;
  const file = path.basename(expect.getState().testPath ?? 'e2e', '.e2e.ts');
  const stamp = randomBytes(4).toString('hex');
  const adminEmail = `admin-${stamp}@${file}.e2e.test`;
  const adminPassword = `E2e-${stamp}`;
  // "Tenant ..." sorts after company 1 ("Empresa 1") on the companies screen's first page
  await apiCall(app, token, 'POST', '/companies', {
    name: `Tenant ${file} ${stamp}`,
    email: adminEmail,
    password: adminPassword,
    planId: plan.id,
    dueDate: '2999-12-31',
  });
  return { ...app, adminEmail, adminPassword };
};

/** Debian's chromium, headless, with nothing that reaches the network on its own. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
