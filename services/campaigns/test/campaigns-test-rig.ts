import type { Bus } from '@sb/platform/bus';
import type { AppError } from '@sb/platform/errors';
import type { RunningNestService } from '@sb/platform/nest';
import { openServiceTestApp, openTestBus, type ServiceTestApp } from '@sb/testing';
import { startCampaignsService } from '../src/index.js';

// What campaigns' int-specs share: a bus, a service on a fresh database, and small waits.

/** NATS when it is there, else the in-process bus. */
export const openCampaignsBus = async (name: string): Promise<Bus> =>
  (await openTestBus('nats', name)) ?? (await openTestBus('in-process', name))!;

/** A campaigns worker on a fresh database over `bus`; close() ends all of it. */
export const openCampaignsTestApp = (
  bus: Bus,
  env: Record<string, string>,
): Promise<ServiceTestApp<RunningNestService>> =>
  openServiceTestApp(bus, (databaseUrl) => startCampaignsService({ bus, databaseUrl, env }));

/** 'ok', or the code of the error the request failed with. */
export const codeOf = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'ok',
    (err: AppError) => err.code,
  );

/** Polls `check` every 50 ms until it holds; throws after `ms`. */
export const pollUntil = async (check: () => Promise<boolean>, ms: number): Promise<void> => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
