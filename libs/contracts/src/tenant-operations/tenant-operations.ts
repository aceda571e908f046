import { z } from 'zod';
import type { ServiceName } from '../bus/subjects.js';
import { unowned } from '../refs/refs.js';
import { IdParam, recordId } from '../http/record-ids.js';

/**
 * Why a company's data is erased: it leaves for good (its WhatsApp sessions are logged out), or it
 * moved to another installation (its sessions live on there and are never logged out).
 */
export const TenantEraseReasons = ['leave', 'move'] as const;
export type TenantEraseReason = (typeof TenantEraseReasons)[number];

/**
 * Where a service at work on a step says it still is, every `everyMs`: the runner asks again once
 * it falls silent (the process died mid-step), instead of waiting for the step's whole time.
 */
export const TenantStepAlive = z.object({
  subject: z.string().min(1).max(200),
  everyMs: z.number().int().min(50).max(60_000),
});
export type TenantStepAlive = z.infer<typeof TenantStepAlive>;

/** `<service>.tenant.erase`: one service forgets one company. */
export const TenantEraseRequest = z.object({
  companyId: unowned('a company of the platform; only super erases', recordId),
  reason: z.enum(TenantEraseReasons),
  alive: TenantStepAlive.optional(),
});
export type TenantEraseRequest = z.infer<typeof TenantEraseRequest>;

/**
 * What one service did for a company: rows per table (removed, exported, ids reserved or rows added,
 * by the step), and what it holds outside its tables.
 */
export type TenantPartReport = {
  service: ServiceName;
  rows: Record<string, number>;
  /** the bytes of the part it wrote to storage (export) */
  bytes?: number;
  /** the company's id in this installation (identity's reserve step of an import) */
  companyId?: number;
  /** the service's last migration (export): an import refuses a bundle from a later version */
  schema?: string;
  /** each service's last migration where the bundle was written (an import's unpack) */
  schemas?: Record<string, string>;
  /** objects removed from storage (the company's prefix) */
  objects?: number;
  /** WhatsApp sessions logged out (a leaving company's) or stopped (a moved one's) */
  sessions?: number;
};

/** Companies asked about at once: a page of the companies screen, or empty for every company. */
export const TenantUsageMaxCompanies = 100;

/** `<service>.tenant.usage`: what a service holds of some companies (none named: of every company). */
export const TenantUsageRequest = z.object({
  companyIds: unowned(
    'super users only: the companies of the platform',
    z.array(recordId).max(TenantUsageMaxCompanies),
  ),
});
export type TenantUsageRequest = z.infer<typeof TenantUsageRequest>;

/**
 * One company's share of a service, measured: its rows over the tables an erase would empty (kept and
 * shared ones not counted) and their size in the database; tickets adds the objects of its storage
 * prefix and their bytes.
 */
export type CompanyUsage = {
  companyId: number;
  rows: number;
  bytes: number;
  mediaBytes?: number;
  objects?: number;
};

/** Companies asked about with nothing are answered with zeros; asked for every one, only those with data. */
export type TenantUsageReply = { service: ServiceName; companies: CompanyUsage[] };

/** Where an operation's files sit in object storage, outside every company's prefix. */
export const tenantOperationPrefix = (operationId: string) => `tenant-operations/${operationId}/`;
/** One service's rows of the company: gzipped lines of `<table>\t<row as JSON>`, parents first. */
export const tenantPartKey = (operationId: string, service: ServiceName) =>
  `${tenantOperationPrefix(operationId)}parts/${service}.tsv.gz`;
/** The ids an import gave the rows of one service's tables that other services refer to. */
export const tenantIdsKey = (operationId: string, service: ServiceName) =>
  `${tenantOperationPrefix(operationId)}ids/${service}.json`;
/** The finished bundle of an export. */
export const tenantBundleKey = (operationId: string) =>
  `${tenantOperationPrefix(operationId)}company.swb`;

/**
 * The tables whose ids another service's rows hold (no foreign key crosses services): an import shares
 * their id maps. A service refers to another's rows only through these.
 */
export const TenantSharedIdTables = {
  identity: ['companies', 'users'],
  tickets: ['contacts', 'tickets', 'queues', 'tags', 'prompts', 'queue_integrations', 'file_lists'],
  connectors: ['connections'],
  campaigns: [],
  reporting: [],
} as const satisfies Record<ServiceName, readonly string[]>;

/** A table that holds ids: `<service>.<table>` */
export type TenantTableRef = `${ServiceName}.${string}`;

/** `<service>.tenant.export`: one service writes its rows of a company to `tenantPartKey`. */
export const TenantExportRequest = z.object({
  companyId: unowned('a company of the platform; only super exports', recordId),
  operationId: unowned('the tenant operation this step is of; only super runs them', z.uuid()),
  alive: TenantStepAlive.optional(),
});
export type TenantExportRequest = z.infer<typeof TenantExportRequest>;

/**
 * `<service>.tenant.reserve`, then `<service>.tenant.import`: ids for the part's rows, then the rows.
 * Ids are kept per bundle, so importing a bundle again maps to the same rows and adds nothing.
 */
export const TenantImportRequest = z.object({
  operationId: unowned('the tenant operation this step is of; only super runs them', z.uuid()),
  bundleId: unowned("the bundle's own id, from its header", z.uuid()),
  sourceCompanyId: unowned('the company id in the bundle, of another installation', recordId),
  /** the company in this installation: absent for identity's reserve, which gives it */
  companyId: unowned('the company being imported; only super imports', recordId).optional(),
  /** identity's reserve: the name the company takes here instead of the bundle's */
  name: z.string().trim().min(1).max(255).optional(),
  /** the service's last migration where the bundle was written: a later one than here is refused */
  sourceSchema: z.string().max(255).optional(),
  alive: TenantStepAlive.optional(),
});
export type TenantImportRequest = z.infer<typeof TenantImportRequest>;

export const TenantOperationKinds = ['erase', 'export', 'import'] as const;
export type TenantOperationKind = (typeof TenantOperationKinds)[number];
export type TenantOperationStatus = 'running' | 'done' | 'failed';
export type TenantStepStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * What a step does: a service's part (`erase`, `export`, `reserve`, `import`), or identity's own work
 * on the bundle (`bundle` writes it, `unpack` checks it and hands the parts out, `media` writes its
 * objects under the new company's prefix).
 */
export const TenantStepActions = [
  'erase',
  'export',
  'bundle',
  'unpack',
  'reserve',
  'import',
  'media',
] as const;
export type TenantStepAction = (typeof TenantStepActions)[number];

export type TenantOperationStep = {
  service: ServiceName;
  action: TenantStepAction;
  status: TenantStepStatus;
  report?: TenantPartReport;
  error?: string;
  /** times the step was asked again because its service fell silent (it died mid-step) */
  retries?: number;
};

/** A tenant operation as super sees it: its steps, their reports, and how it ended. */
export type TenantOperationView = {
  id: string;
  kind: TenantOperationKind;
  /** the company (an import's: 0 until identity reserved its id) */
  companyId: number;
  companyName: string;
  /** an erase's reason; null for the other kinds */
  reason: TenantEraseReason | null;
  status: TenantOperationStatus;
  steps: TenantOperationStep[];
  /** where the bundle is in object storage: an export's result, an import's source */
  bundleKey: string | null;
  /** the user who asked for it (0: the command line) */
  startedBy: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

/** `tenant-operation` on super's sockets: an operation's state after each step. */
export type TenantOperationSocketPayload = { action: 'update'; operation: TenantOperationView };

/** `GET /tenant-operations/:id` */
export const TenantOperationIdParam = z.object({
  id: unowned('a tenant operation of the platform; only super reads them', z.uuid()),
});
export type TenantOperationIdParam = z.infer<typeof TenantOperationIdParam>;

/**
 * `identity.company.delete`: the company to erase and why. The gateway's `DELETE /companies/:id` sends
 * the id alone (a company that leaves); the command line may say it moved.
 */
export const CompanyEraseRequest = IdParam.extend({
  reason: z.enum(TenantEraseReasons).default('leave'),
});
export type CompanyEraseRequest = z.input<typeof CompanyEraseRequest>;

/** `DELETE /companies/:id`: the company is fenced at once; the erase runs on and reports here. */
export type CompanyEraseReply = { id: number; operation: TenantOperationView };

/** A secret to encrypt or open a bundle with: the operator keeps it; nobody can recover it. */
const BundleSecret = z.string().min(12, 'the bundle key needs at least 12 characters').max(1024);

/** `POST /companies/:id/export` and `identity.tenant-operation.export`: the company and the key. */
export const CompanyExportRequest = IdParam.extend({
  key: BundleSecret,
  /** a move's export: the company stays fenced once exported, until it is erased or the move aborted */
  holdFence: z.boolean().default(false),
});
export type CompanyExportRequest = z.input<typeof CompanyExportRequest>;

/** `GET /tenant-operations/:id/bundle`: a time-limited link to a finished export's bundle. */
export type TenantBundleLink = { url: string; expiresAt: string };

/**
 * `identity.tenant-operation.import`: a bundle already in object storage (the command line puts it
 * there), its key, and the name the company takes here (default: the bundle's).
 */
export const CompanyImportRequest = z.object({
  bundleKey: z.string().regex(/^tenant-imports\/[A-Za-z0-9._-]{1,200}$/),
  key: BundleSecret,
  name: z.string().trim().min(1).max(255).optional(),
});
export type CompanyImportRequest = z.infer<typeof CompanyImportRequest>;

/** Where the command line puts a bundle it imports. */
export const tenantImportKey = (id: string) => `tenant-imports/${id}.swb`;
