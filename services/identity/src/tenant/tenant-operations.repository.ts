import { Inject, Injectable } from '@nestjs/common';
import type {
  TenantEraseReason,
  TenantOperationKind,
  TenantOperationStatus,
  TenantOperationStep,
  TenantOperationView,
} from '@sb/contracts';
import { DomainEventTypes } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { ENV } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';

/**
 * How long a replica holds an operation it runs without renewing: then another one takes over
 * (`TENANT_CLAIM_SECONDS`, 60; a crash test shortens it).
 */
export const claimSecondsOf = (env: Record<string, string | undefined>): number => {
  const seconds = Number(env.TENANT_CLAIM_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 60;
};

type Row = {
  id: string;
  kind: TenantOperationKind;
  company_id: number;
  company_name: string;
  reason: TenantEraseReason | null;
  status: TenantOperationStatus;
  steps: TenantOperationStep[];
  bundle_key: string | null;
  bundle_id: string | null;
  source_company_id: number | null;
  company_name_wanted: string | null;
  sealed_key: string | null;
  hold_fence: boolean;
  started_by: number;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
};

/**
 * An operation as the runner holds it: what super sees, and what only the runner reads (the bundle's
 * id and company, the name asked for, the operator's key sealed).
 */
export type TenantOperation = TenantOperationView & {
  bundleId: string | null;
  sourceCompanyId: number | null;
  wantedName: string | null;
  sealedKey: string | null;
  /** a move's export: its company stays fenced once exported */
  holdFence: boolean;
};

/** What super sees of an operation: never its key. */
export const viewOf = ({
  bundleId: _bundleId,
  sourceCompanyId: _source,
  wantedName: _wanted,
  sealedKey: _sealed,
  holdFence: _hold,
  ...view
}: TenantOperation): TenantOperationView => view;

const toOperation = (row: Row): TenantOperation => ({
  id: row.id,
  kind: row.kind,
  companyId: row.company_id,
  companyName: row.company_name,
  reason: row.reason,
  status: row.status,
  // steps stored before steps had actions were an erase's
  steps: row.steps.map((step) => ({ ...step, action: step.action ?? 'erase' })),
  bundleKey: row.bundle_key,
  bundleId: row.bundle_id,
  sourceCompanyId: row.source_company_id,
  wantedName: row.company_name_wanted,
  sealedKey: row.sealed_key,
  holdFence: row.hold_fence,
  startedBy: row.started_by,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

const table = 'identity.tenant_operations';

/** The operation is no longer running: it was aborted while its runner worked on a step. */
export class OperationAbortedError extends Error {
  constructor(id: string) {
    super(`tenant operation ${id} is no longer running`);
  }
}

/** Super's screens follow an operation as it goes (a platform event: company 0). */
async function announce(
  manager: EntityManager,
  operation: TenantOperation,
): Promise<TenantOperation> {
  await Outbox.add(manager, {
    companyId: 0,
    ...DomainEventTypes.identity.tenantOperationUpdated,
    data: { action: 'update', operation: viewOf(operation) },
  });
  return operation;
}
/** The tenant operations: platform rows super reads across companies. */
@Injectable()
export class TenantOperationsRepository {
  private readonly claim: string;

  constructor(
    private readonly transactions: Transactions,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    this.claim = `now() + make_interval(secs => ${claimSecondsOf(env)})`;
  }

  async create(manager: EntityManager, operation: TenantOperation): Promise<TenantOperation> {
    const [row] = await manager.query<Row[]>(
      `INSERT INTO ${table} (id, kind, company_id, company_name, reason, status, steps, started_by,
                             bundle_key, bundle_id, source_company_id, company_name_wanted,
                             sealed_key, hold_fence, claimed_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, ${this.claim})
       RETURNING *`,
      [
        operation.id,
        operation.kind,
        operation.companyId,
        operation.companyName,
        operation.reason,
        operation.status,
        JSON.stringify(operation.steps),
        operation.startedBy,
        operation.bundleKey,
        operation.bundleId,
        operation.sourceCompanyId,
        operation.wantedName,
        operation.sealedKey,
        operation.holdFence,
      ],
    );
    return announce(manager, toOperation(row!));
  }

  /**
   * Stores the steps, status and what the steps learnt (an import's company and bundle), and renews
   * the claim of the replica running it. An operation that ended (done or failed) forgets the
   * operator's key: a failed export or import is started again, with the key given again.
   */
  async save(operation: TenantOperation): Promise<TenantOperation> {
    return this.transactions.acrossCompanies(async (manager) => {
      // an operation aborted meanwhile (a running export) is not brought back: its runner stops
      const [rows] = (await manager.query(
        `UPDATE ${table}
          SET status = $2::varchar, steps = $3, error = $4, updated_at = now(),
              company_id = $5, company_name = $6, bundle_id = $7, source_company_id = $8,
              bundle_key = $9,
              sealed_key = CASE WHEN $2::varchar = 'running' THEN sealed_key END,
              claimed_until = ${this.claim},
              finished_at = CASE WHEN $2::varchar = 'running' THEN NULL ELSE now() END
        WHERE id = $1 AND status = 'running' RETURNING *`,
        [
          operation.id,
          operation.status,
          JSON.stringify(operation.steps),
          operation.error,
          operation.companyId,
          operation.companyName,
          operation.bundleId,
          operation.sourceCompanyId,
          operation.bundleKey,
        ],
      )) as [Row[], number];
      if (!rows[0]) throw new OperationAbortedError(operation.id);
      return announce(manager, toOperation(rows[0]));
    });
  }

  /**
   * A running operation ended by the operator: failed, with why, its key forgotten; undefined when it
   * was no longer running.
   */
  async abort(
    manager: EntityManager,
    id: string,
    error: string,
  ): Promise<TenantOperation | undefined> {
    const [rows] = (await manager.query(
      `UPDATE ${table}
          SET status = 'failed', error = $2, sealed_key = NULL, updated_at = now(), finished_at = now()
        WHERE id = $1 AND status = 'running' RETURNING *`,
      [id, error],
    )) as [Row[], number];
    return rows[0] && announce(manager, toOperation(rows[0]));
  }

  async renewClaim(id: string): Promise<void> {
    await this.transactions.manager.query(
      `UPDATE ${table} SET claimed_until = ${this.claim} WHERE id = $1 AND status = 'running'`,
      [id],
    );
  }

  /** Running operations whose replica stopped renewing them, now claimed by the caller. */
  async claimLapsed(): Promise<TenantOperation[]> {
    const [rows] = (await this.transactions.manager.query(
      `UPDATE ${table} SET claimed_until = ${this.claim}
        WHERE id IN (SELECT id FROM ${table}
                      WHERE status = 'running' AND claimed_until < now()
                      FOR UPDATE SKIP LOCKED)
        RETURNING *`,
    )) as [Row[], number];
    return rows.map(toOperation);
  }

  /** The company's operation of `kind` that has not completed (running or failed), locked. */
  async unfinishedFor(
    manager: EntityManager,
    companyId: number,
    kind: TenantOperationKind,
  ): Promise<TenantOperation | undefined> {
    const [row] = await manager.query<Row[]>(
      `SELECT * FROM ${table} WHERE company_id = $1 AND kind = $2 AND status <> 'done'
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [companyId, kind],
    );
    return row && toOperation(row);
  }

  /** The import of the bundle at `bundleKey` that is running, locked (asked twice: one import). */
  async runningImportOf(
    manager: EntityManager,
    bundleKey: string,
  ): Promise<TenantOperation | undefined> {
    const [row] = await manager.query<Row[]>(
      `SELECT * FROM ${table} WHERE kind = 'import' AND bundle_key = $1 AND status = 'running'
        LIMIT 1 FOR UPDATE`,
      [bundleKey],
    );
    return row && toOperation(row);
  }

  /** The company an operation is about, if it exists. */
  async company(
    manager: EntityManager,
    id: number,
  ): Promise<{ id: number; name: string } | undefined> {
    const [row] = await manager.query<{ id: number; name: string }[]>(
      'SELECT id, name FROM identity.companies WHERE id = $1',
      [id],
    );
    return row;
  }

  async get(id: string): Promise<TenantOperation | undefined> {
    const [row] = await this.transactions.manager.query<Row[]>(
      `SELECT * FROM ${table} WHERE id = $1`,
      [id],
    );
    return row && toOperation(row);
  }

  /** The newest operations first. */
  async list(limit: number): Promise<TenantOperation[]> {
    const rows = await this.transactions.manager.query<Row[]>(
      `SELECT * FROM ${table} ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toOperation);
  }
}
