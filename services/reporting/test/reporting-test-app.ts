import type { DomainEvent } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import {
  openServiceTestApp,
  type ServiceTestApp,
  type ServiceTestRig,
  useServiceTestRig,
} from '@sb/testing';
import type pg from 'pg';
import { startReportingService } from '../src/index.js';

export type ReportingTestApp = ServiceTestApp<RunningService>;

/**
 * reporting on a fresh database over NATS for the tests of a describe block (see useServiceTestRig);
 * without NATS the block's tests pass without running.
 */
export const useReportingTestApp = (name: string): ServiceTestRig<ReportingTestApp> =>
  useServiceTestRig(
    'nats',
    name,
    (bus) =>
      openServiceTestApp(bus, (databaseUrl) =>
        startReportingService({ bus, databaseUrl, env: {} }),
      ),
    60_000,
  );

/** How many events reporting has projected so far. */
export const processedEvents = async (db: pg.Pool): Promise<number> =>
  Number((await db.query('SELECT count(*) AS n FROM reporting.processed_event')).rows[0].n);

/**
 * How many processed-event records `events` make once applied: one per consumer following each, so
 * two for a company event (the zones' and the hours' consumers).
 */
export const recordsOf = (events: DomainEvent[]): number =>
  events.reduce((n, e) => n + (e.subject.includes('.identity.company.') ? 2 : 1), 0);

/** Polls `check` every 100 ms until it holds; throws after `timeoutMs`. */
export const until = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
