import {
  CompanyMaintenanceRetryAfterSeconds,
  Subjects,
  type CompanyFenceEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { loadUntilAnswered } from './load-until-answered.js';

/**
 * The companies a tenant operation fenced (ARCHITECTURE.md §9): their users are answered 503
 * ERR_COMPANY_MAINTENANCE until the fence lifts. Fed by identity's `company.fenced` / `unfenced`
 * events and loaded at boot from `identity.company.fenced-list`.
 */
export class FencedCompanies {
  /** company id → the operation holding its fence */
  private readonly fences = new Map<number, string>();

  fence(companyId: number, operationId: string): void {
    this.fences.set(companyId, operationId);
  }

  /** Lifts the fence when this operation holds it (a late `fenced` of an older one changes nothing). */
  unfence(companyId: number, operationId: string): void {
    if (this.fences.get(companyId) === operationId) this.fences.delete(companyId);
  }

  has(companyId: number): boolean {
    return this.fences.has(companyId);
  }

  /** Throws the maintenance answer for a fenced company's user; super users are never fenced. */
  assertOpen(caller: { companyId: number; super: boolean }): void {
    if (!caller.super && this.fences.has(caller.companyId)) throw maintenanceError();
  }

  get size(): number {
    return this.fences.size;
  }
}

/** 503 with the seconds the http filter sends as Retry-After. */
export const maintenanceError = (): AppError =>
  new AppError('ERR_COMPANY_MAINTENANCE', {
    details: { retryAfter: CompanyMaintenanceRetryAfterSeconds },
  });

export type FencedCompanySync = {
  /** resolves once the boot list was loaded (never rejects; retries until stopped) */
  loaded: Promise<void>;
  stop(): Promise<void>;
};

/**
 * Keeps `fenced` current: live `evt.*.identity.company.*` events (fenced and unfenced), then the list
 * identity answers at boot, retried until it answers. The subscription comes first, so a fence lifted
 * while the list was on its way is not lost; an unfence that arrived before the list is applied again
 * (the list then no longer names that fence, since identity answers after it committed).
 */
export const startFencedCompanySync = async (options: {
  bus: Bus;
  fenced: FencedCompanies;
  logger: Logger;
  retryMs?: number;
  maxRetryMs?: number;
}): Promise<FencedCompanySync> => {
  const { bus, fenced, logger } = options;
  const lifted = new Set<string>();
  const subscription = await bus.subscribe<CompanyFenceEventData>(
    'evt.*.identity.company.*',
    (event) => {
      const { companyId, operationId } = event.data ?? {};
      if (typeof companyId !== 'number' || typeof operationId !== 'string') return;
      if (event.subject.endsWith('.fenced')) fenced.fence(companyId, operationId);
      else if (event.subject.endsWith('.unfenced')) {
        fenced.unfence(companyId, operationId);
        lifted.add(operationId);
      }
    },
  );
  const loading = loadUntilAnswered({
    what: 'fenced companies',
    logger,
    retryMs: options.retryMs,
    maxRetryMs: options.maxRetryMs,
    load: async () => {
      const fences = await bus.request(
        Subjects.identity.companyFencedList,
        { ctx: operatorContext(), data: {} },
        { timeoutMs: 5_000 },
      );
      for (const { companyId, operationId } of fences) {
        if (!lifted.has(operationId)) fenced.fence(companyId, operationId);
      }
      lifted.clear();
      logger.info({ count: fenced.size }, 'fenced companies loaded');
    },
  });

  return {
    loaded: loading.loaded,
    stop: async () => {
      loading.stop();
      await subscription.unsubscribe();
    },
  };
};
