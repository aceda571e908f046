import { createInterface } from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGunzip, createGzip } from 'node:zlib';
import {
  TenantExportRequest,
  TenantImportRequest,
  TenantSharedIdTables,
  tenantExportSubject,
  tenantIdsKey,
  tenantImportSubject,
  tenantPartKey,
  tenantReserveSubject,
  type ServiceName,
  type TenantTableRef,
} from '@sb/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import type { Transactions } from '../db/transactions.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../errors/parse-input.js';
import type { Logger } from '../logger/create-logger.js';
import { planCompanyTables, type TablePlan } from './company-erase.js';
import { exportCompanyRows, parsePartLine, partLine, type CompanyRow } from './company-export.js';
import {
  importCompanyRows,
  readIdMap,
  reserveIds,
  serialIdsOfLines,
  type IdMap,
  type IdMaps,
} from './company-import.js';
import type { TenantPart } from './tenant-part.js';
import { handleTenantStep } from './tenant-step.js';

/** What the transfer needs of object storage (`@sb/storage`'s PartStorage has it). */
export type PartStorage = {
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<{ stream: Readable }>;
  stat(key: string): Promise<unknown>;
};

type TransferOptions = {
  service: ServiceName;
  bus: Bus;
  transactions: Transactions;
  app: INestApplicationContext;
  logger: Logger;
  part: TenantPart;
  storage: PartStorage;
};

/** The size of the pieces an export writes (characters of part lines). */
const ExportChunkChars = 256 * 1024;

/**
 * A part's compression: the fastest level, about 2.5 times faster than the default for a fifth more
 * bytes in the bundle; gzip was a large share of a big export's time, and the company waits fenced.
 */
const PartGzip = { level: zlibConstants.Z_BEST_SPEED };

/**
 * The lines of a part in storage, or none when the bundle has none of the service (an older bundle,
 * an empty service).
 */
async function* partLinesOrNone(storage: PartStorage, key: string): AsyncGenerator<string> {
  if (!(await storage.stat(key))) return;
  const { stream } = await storage.get(key);
  const lines = createInterface({ input: stream.pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/** The rows of a part, or none. */
async function* partRowsOrNone(
  storage: PartStorage,
  key: string,
): AsyncGenerator<{ table: string; row: CompanyRow }> {
  for await (const line of partLinesOrNone(storage, key)) yield parsePartLine(line);
}

/**
 * `<service>.tenant.export`: the service's rows of the company, in one REPEATABLE READ cut, written
 * gzipped to `tenantPartKey` (the runner fences the company first, so the services' cuts agree).
 */
function serveExport(options: TransferOptions): Promise<BusSubscription> {
  const { service, part, storage } = options;
  return handleTenantStep(
    options.bus,
    tenantExportSubject(service),
    service,
    async ({ ctx, data }) => {
      if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
      const { companyId, operationId } = parseInput(TenantExportRequest, data);
      const rows: Record<string, number> = {};
      let bytes = 0;
      await options.transactions.acrossCompanies(async (manager) => {
        await manager.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const opened = (table: string, row: CompanyRow) =>
          part.exportRow?.(table, row, { companyId, manager }) ?? row;
        // lines joined into chunks of ExportChunkChars: gzip and the stream take a chunk per call,
        // and a call per row cost about half of a large export's time
        async function* lines() {
          let chunk = '';
          for await (const { table, row } of exportCompanyRows(
            manager,
            service,
            companyId,
            part,
            opened,
          )) {
            rows[table] = (rows[table] ?? 0) + 1;
            chunk += partLine(table, row);
            if (chunk.length >= ExportChunkChars) {
              yield chunk;
              chunk = '';
            }
          }
          if (chunk) yield chunk;
        }
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        // a row that fails (a secret that does not open) fails the upload, and a failed upload
        // stops the rows: either way the step fails and the transaction ends
        await Promise.all([
          pipeline(Readable.from(lines()), createGzip(PartGzip), counted),
          storage
            .put(tenantPartKey(operationId, service), counted, { contentType: 'application/gzip' })
            .catch((err: unknown) => {
              counted.destroy(err as Error);
              throw err;
            }),
        ]);
      });
      const [last] = await options.transactions.manager.query<{ name: string }[]>(
        `SELECT name FROM "${service}".migrations ORDER BY id DESC LIMIT 1`,
      );
      options.logger.info({ companyId, operationId, rows, bytes }, 'company exported');
      return { service, rows, bytes, ...(last ? { schema: last.name } : {}) };
    },
  );
}

/**
 * `<service>.tenant.reserve`: ids for the part's rows from this installation's sequences, kept per
 * bundle; the maps of the tables other services refer to are written beside the parts. Identity's
 * reserve gives the company its id here.
 */
function serveReserve(options: TransferOptions): Promise<BusSubscription> {
  const { service, part, storage } = options;
  return handleTenantStep(
    options.bus,
    tenantReserveSubject(service),
    service,
    async ({ ctx, data }) => {
      if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
      const request = parseInput(TenantImportRequest, data);
      await refuseLaterSchema(options.transactions.manager, service, request.sourceSchema);
      const plans = await planCompanyTables(options.transactions.manager, service, part);
      const idOf = serialIdsOfLines(plans);
      const sourceIds = new Map<string, number[]>();
      for await (const line of partLinesOrNone(
        storage,
        tenantPartKey(request.operationId, service),
      )) {
        const found = idOf(line);
        if (!found) continue;
        const ids = sourceIds.get(found.table);
        if (ids) ids.push(found.id);
        else sourceIds.set(found.table, [found.id]);
      }
      const maps = await options.transactions.acrossCompanies((manager) =>
        reserveIds(
          manager,
          service,
          request.bundleId,
          sourceIds,
          plans.map((plan) => plan.table),
        ),
      );
      const shared: Record<string, [number, number][]> = {};
      for (const table of TenantSharedIdTables[service] as readonly string[]) {
        shared[table] = [...(maps.get(table) ?? new Map<number, number>())];
      }
      await storage.put(
        tenantIdsKey(request.operationId, service),
        Buffer.from(JSON.stringify(shared)),
        { contentType: 'application/json' },
      );
      const rows = Object.fromEntries([...maps].map(([table, map]) => [table, map.size]));
      // the table whose key is the company's id (identity's companies) gives the company its id
      const companyTable = plans.find(
        (plan) => plan.role === 'company' && plan.column === plan.table.serialKey,
      );
      const companyId = companyTable
        ? maps.get(companyTable.table.name)?.get(request.sourceCompanyId)
        : undefined;
      return { service, rows, ...(companyId ? { companyId } : {}) };
    },
  );
}

/** A bundle written by a later version of the service holds rows this one cannot place. */
async function refuseLaterSchema(manager: EntityManager, service: ServiceName, schema?: string) {
  if (!schema) return;
  const known = await manager.query<unknown[]>(
    `SELECT 1 FROM "${service}".migrations WHERE name = $1`,
    [schema],
  );
  if (known.length === 0) {
    throw new AppError('ERR_INVALID_BUNDLE', {
      message: `The bundle comes from a later version of ${service} (${schema}): upgrade this installation first.`,
    });
  }
}

/** The id maps a service's rows need: its own tables', and those of the services it refers to. */
async function idMapsFor(
  manager: EntityManager,
  storage: PartStorage,
  service: ServiceName,
  plans: TablePlan[],
  request: TenantImportRequest,
  references: Record<string, TenantTableRef | null>,
): Promise<IdMaps> {
  const maps: IdMaps = new Map();
  for (const plan of plans) {
    if (!plan.table.serialKey) continue;
    const ref: TenantTableRef = `${service}.${plan.table.name}`;
    maps.set(ref, await readIdMap(manager, service, request.bundleId, plan.table.name));
  }
  const others = new Set(
    Object.values(references)
      .filter((ref): ref is TenantTableRef => ref !== null && !ref.startsWith(`${service}.`))
      .map((ref) => ref.split('.')[0] as ServiceName),
  );
  for (const other of others) {
    const { stream } = await storage.get(tenantIdsKey(request.operationId, other));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const shared = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<
      string,
      [number, number][]
    >;
    for (const [table, pairs] of Object.entries(shared)) {
      maps.set(`${other}.${table}`, new Map(pairs) as IdMap);
    }
  }
  return maps;
}

/**
 * `<service>.tenant.import`: the part's rows, ids mapped, in one transaction; rows already there (the
 * same bundle imported before) are skipped.
 */
function serveImport(options: TransferOptions): Promise<BusSubscription> {
  const { service, part, storage } = options;
  return handleTenantStep(
    options.bus,
    tenantImportSubject(service),
    service,
    async ({ ctx, data }) => {
      if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
      const request = parseInput(TenantImportRequest, data);
      const companyId = request.companyId;
      if (!companyId) throw new AppError('ERR_VALIDATION', { message: 'companyId is required' });
      const rows = await options.transactions.acrossCompanies(async (manager) => {
        const plans = await planCompanyTables(manager, service, part);
        const maps = await idMapsFor(
          manager,
          storage,
          service,
          plans,
          request,
          part.references ?? {},
        );
        const added = await importCompanyRows(
          manager,
          partRowsOrNone(storage, tenantPartKey(request.operationId, service)),
          {
            schema: service,
            plans,
            policy: part,
            companyId,
            sourceCompanyId: request.sourceCompanyId,
            maps,
            transform: (table, row, manager, { maps, source }) =>
              part.importRow?.(table, row, { request, manager, app: options.app, maps, source }) ??
              row,
          },
        );
        return added;
      });
      await part.afterImport?.({ ...request, companyId }, options.app);
      options.logger.info(
        { companyId, operationId: request.operationId, rows },
        'company imported',
      );
      return { service, rows };
    },
  );
}

/** Serves a service's export, reserve and import of companies. */
export async function serveTenantTransfer(options: TransferOptions): Promise<BusSubscription[]> {
  return [await serveExport(options), await serveReserve(options), await serveImport(options)];
}
