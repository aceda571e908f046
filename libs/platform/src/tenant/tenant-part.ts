import {
  TenantEraseRequest,
  TenantUsageRequest,
  type TenantImportRequest,
  tenantEraseSubject,
  tenantUsageSubject,
  type CompanyUsage,
  type ServiceName,
  type TenantPartReport,
  type TenantUsageReply,
} from '@sb/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import type { Transactions } from '../db/transactions.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../errors/parse-input.js';
import type { Logger } from '../logger/create-logger.js';
import { eraseCompanyRows, type CompanyTablesPolicy } from './company-erase.js';
import type { CompanyRow } from './company-export.js';
import type { IdMaps } from './company-import.js';
import { measureCompanyRows } from './company-usage.js';
import { handleTenantStep } from './tenant-step.js';

/**
 * A service's part in tenant operations: which tables say more than the catalogue does, and the work
 * outside its tables (sessions, storage objects).
 */
export type TenantPart = CompanyTablesPolicy & {
  /** before the rows go: stop or log out sessions, remove objects; its counts join the report */
  beforeErase?: (
    request: TenantEraseRequest,
    app: INestApplicationContext,
  ) => Promise<Pick<TenantPartReport, 'objects' | 'sessions'>>;
  /** in the erase's transaction, after the rows (identity announces the company deleted) */
  afterRows?: (manager: EntityManager, request: TenantEraseRequest) => Promise<void>;
  /** a row on its way into a bundle: secrets sealed with this installation's keys are opened */
  exportRow?: (
    table: string,
    row: CompanyRow,
    context: { companyId: number; manager: EntityManager },
  ) => CompanyRow | Promise<CompanyRow>;
  /**
   * a row on its way in from a bundle, ids mapped, in the import's transaction: its secrets are
   * sealed with this installation's keys, the ids inside its JSON mapped with `maps`; `source` is the
   * row as the bundle holds it (the ids before mapping)
   */
  importRow?: (
    table: string,
    row: CompanyRow,
    context: {
      request: TenantImportRequest;
      manager: EntityManager;
      app: INestApplicationContext;
      maps: IdMaps;
      source: CompanyRow;
    },
  ) => CompanyRow | Promise<CompanyRow>;
  /** once the rows are in (connectors starts the company's sessions) */
  afterImport?: (
    request: TenantImportRequest & { companyId: number },
    app: INestApplicationContext,
  ) => Promise<void>;
  /** what the service holds of companies outside its tables (tickets: the media objects) */
  usageOutside?: (
    companyIds: number[],
    app: INestApplicationContext,
  ) => Promise<Pick<CompanyUsage, 'companyId' | 'mediaBytes' | 'objects'>[]>;
};

/**
 * Answers `<service>.tenant.erase` for super: the service's own rows of the company, in one
 * transaction, after its `beforeErase`. Asked again, it removes nothing more and answers so.
 */
export function serveTenantErase(options: {
  service: ServiceName;
  bus: Bus;
  transactions: Transactions;
  app: INestApplicationContext;
  logger: Logger;
  part: TenantPart;
}): Promise<BusSubscription> {
  const { service, part } = options;
  return handleTenantStep(
    options.bus,
    tenantEraseSubject(service),
    service,
    async ({ ctx, data }) => {
      if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
      const request = parseInput(TenantEraseRequest, data);
      const outside = (await part.beforeErase?.(request, options.app)) ?? {};
      const rows = await options.transactions.acrossCompanies(async (manager) => {
        const removed = await eraseCompanyRows(manager, service, request.companyId, part);
        await part.afterRows?.(manager, request);
        return removed;
      });
      options.logger.info(
        { companyId: request.companyId, reason: request.reason, rows, ...outside },
        'company erased from this service',
      );
      return { service, rows, ...outside };
    },
  );
}

/**
 * Answers `<service>.tenant.usage` for super: each company's rows and their bytes in the service's
 * tables (those an erase empties), with what `usageOutside` measures. Read as the service user, outside
 * a transaction: a figure for billing and planning, not a snapshot.
 */
export function serveTenantUsage(options: {
  service: ServiceName;
  bus: Bus;
  transactions: Transactions;
  app: INestApplicationContext;
  part: TenantPart;
}): Promise<BusSubscription> {
  const { service, part } = options;
  return options.bus.handle<unknown, TenantUsageReply>(
    tenantUsageSubject(service),
    async ({ ctx, data }) => {
      if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
      const { companyIds } = parseInput(TenantUsageRequest, data);
      const [rows, outside] = await Promise.all([
        measureCompanyRows(options.transactions.manager, service, companyIds, part),
        part.usageOutside?.(companyIds, options.app) ?? [],
      ]);
      const companies = new Map<number, CompanyUsage>(rows.map((row) => [row.companyId, row]));
      for (const held of outside) {
        const company = companies.get(held.companyId) ?? {
          companyId: held.companyId,
          rows: 0,
          bytes: 0,
        };
        companies.set(held.companyId, { ...company, ...held });
      }
      return {
        service,
        companies: [...companies.values()].sort((a, b) => a.companyId - b.companyId),
      };
    },
    { queue: service },
  );
}
