import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CompanyExportRequest,
  CompanyImportRequest,
  Subjects,
  TenantOperationIdParam,
  type TenantEraseReason,
  type TenantOperationKind,
  type TenantOperationView,
} from '@sb/contracts';
import { requireSuper, type CallContext } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, parseInput } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import {
  TenantOperationsRepository,
  viewOf,
  type TenantOperation,
} from './tenant-operations.repository.js';
import { TenantFence } from './tenant-fence.js';
import { TenantOperationsRunner } from './tenant-operations.runner.js';

/** How many operations super's list shows. */
const ListLimit = 100;

/** How long starting an export or import waits before answering with its progress. */
const StartWaitMs = 5_000;

/** How an export ended by the operator reads. */
const AbortedError = 'Aborted by the operator: the company works again.';

/** Company 1 hosts the platform and its super users: it is never fenced for an export. */
const PlatformCompanyId = 1;

const newOperation = (
  kind: TenantOperationKind,
  fields: Partial<TenantOperation> &
    Pick<TenantOperation, 'companyId' | 'companyName' | 'steps' | 'startedBy'>,
): TenantOperation => ({
  id: randomUUID(),
  kind,
  reason: null,
  status: 'running',
  bundleKey: null,
  bundleId: null,
  sourceCompanyId: null,
  wantedName: null,
  sealedKey: null,
  holdFence: false,
  error: null,
  createdAt: '',
  updatedAt: '',
  finishedAt: null,
  ...fields,
});

/** Tenant operations as super starts and reads them. */
@Injectable()
export class TenantOperationsService {
  constructor(
    private readonly operations: TenantOperationsRepository,
    private readonly transactions: Transactions,
    private readonly fence: TenantFence,
    readonly runner: TenantOperationsRunner,
  ) {}

  /**
   * In the caller's transaction: the company's erase, new, or the one that did not complete (asked
   * again, a failed erase resumes at the step that failed).
   */
  async startErase(
    manager: EntityManager,
    company: { id: number; name: string },
    reason: TenantEraseReason,
    startedBy: number,
  ): Promise<TenantOperation> {
    const unfinished = await this.operations.unfinishedFor(manager, company.id, 'erase');
    if (unfinished) return unfinished;
    return this.operations.create(
      manager,
      newOperation('erase', {
        companyId: company.id,
        companyName: company.name,
        reason,
        steps: TenantOperationsRunner.eraseSteps(),
        startedBy,
      }),
    );
  }

  /**
   * Exports a company into one bundle encrypted with the operator's key (kept sealed while the export
   * runs). The company is fenced in the same transaction (its users wait on a maintenance screen, its
   * sessions, webhooks and pollers hold), and unfenced when the export ends, unless a move holds the
   * fence until the company is erased (or the move aborted). Asked again while one runs, answers that
   * one. Answers after at most `StartWaitMs`.
   */
  @BusHandler(Subjects.identity.tenantOperationExport)
  async startExport(ctx: CallContext, data: unknown): Promise<TenantOperationView> {
    requireSuper(ctx);
    const { id, key, holdFence } = parseInput(CompanyExportRequest, data);
    if (id === PlatformCompanyId) throw new AppError('ERR_COMPANY_PROTECTED');
    const operation = await this.transactions.acrossCompanies(async (manager) => {
      const company = await this.operations.company(manager, id);
      if (!company) throw new AppError('ERR_NOT_FOUND');
      const unfinished = await this.operations.unfinishedFor(manager, id, 'export');
      if (unfinished?.status === 'running') return unfinished;
      const created = await this.operations.create(
        manager,
        newOperation('export', {
          companyId: id,
          companyName: company.name,
          steps: TenantOperationsRunner.exportSteps(),
          sealedKey: this.runner.sealKey(key),
          holdFence,
          startedBy: ctx.userId,
        }),
      );
      await this.fence.fence(manager, id, created.id);
      return created;
    });
    return viewOf(await this.runner.runFor(operation, StartWaitMs));
  }

  /**
   * Imports a bundle the command line put in object storage: a new company (or, for a bundle imported
   * before, the same one, with nothing added). Asked again while it runs, answers that one. Answers
   * after at most `StartWaitMs`.
   */
  @BusHandler(Subjects.identity.tenantOperationImport)
  async startImport(ctx: CallContext, data: unknown): Promise<TenantOperationView> {
    requireSuper(ctx);
    const { bundleKey, key, name } = parseInput(CompanyImportRequest, data);
    const operation = await this.transactions.acrossCompanies(
      async (manager) =>
        (await this.operations.runningImportOf(manager, bundleKey)) ??
        this.operations.create(
          manager,
          newOperation('import', {
            companyId: 0,
            companyName: name ?? '',
            steps: TenantOperationsRunner.importSteps(),
            bundleKey,
            wantedName: name ?? null,
            sealedKey: this.runner.sealKey(key),
            startedBy: ctx.userId,
          }),
        ),
    );
    return viewOf(await this.runner.runFor(operation, StartWaitMs));
  }

  /**
   * Ends an export and unfences its company: a running one stops (it fails as aborted, and what it
   * wrote is removed once its current step ends), an ended one gives up the move that held its fence.
   */
  @BusHandler(Subjects.identity.tenantOperationAbort)
  async abort(ctx: CallContext, data: unknown): Promise<TenantOperationView> {
    requireSuper(ctx);
    const { id } = parseInput(TenantOperationIdParam, data);
    return this.transactions.acrossCompanies(async (manager) => {
      const operation = await this.operations.get(id);
      if (!operation) throw new AppError('ERR_NOT_FOUND');
      if (operation.kind !== 'export') {
        throw new AppError('ERR_VALIDATION', {
          message: 'Only an export can be aborted: its company is then unfenced.',
        });
      }
      // one that ended meanwhile is answered as it ended
      const ended =
        operation.status === 'running'
          ? ((await this.operations.abort(manager, id, AbortedError)) ??
            (await this.operations.get(id))!)
          : operation;
      await this.fence.unfence(manager, operation.companyId, operation.id);
      return viewOf(ended);
    });
  }

  @BusHandler(Subjects.identity.tenantOperationList)
  async list(ctx: CallContext): Promise<TenantOperationView[]> {
    requireSuper(ctx);
    return (await this.operations.list(ListLimit)).map(viewOf);
  }

  @BusHandler(Subjects.identity.tenantOperationGet)
  async get(ctx: CallContext, data: unknown): Promise<TenantOperationView> {
    requireSuper(ctx);
    const { id } = parseInput(TenantOperationIdParam, data);
    const operation = await this.operations.get(id);
    if (!operation) throw new AppError('ERR_NOT_FOUND');
    return viewOf(operation);
  }
}
