import { setTimeout as sleep } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  tenantBundleKey,
  tenantEraseSubject,
  tenantExportSubject,
  tenantImportSubject,
  tenantReserveSubject,
  type RequestContext,
  type ServiceName,
  type TenantOperationStep,
  type TenantPartReport,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { Transactions } from '@sb/platform/db';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { Poller } from '@sb/platform/poller';
import { secretKeyringFromEnv, type SecretKeyring } from '@sb/platform/secrets';
import { TenantBundles } from './tenant-bundles.js';
import { TenantFence } from './tenant-fence.js';
import {
  ClaimSeconds,
  TenantOperationsRepository,
  type TenantOperation,
} from './tenant-operations.repository.js';

/**
 * Erase goes against the data's flow (ARCHITECTURE.md §9): campaigns and connectors stop sending
 * first, then tickets and reporting, and identity, which owns the company, last.
 */
export const EraseOrder: ServiceName[] = [
  'campaigns',
  'connectors',
  'tickets',
  'reporting',
  'identity',
];

/**
 * An export reads the company where it sits; an import writes identity first (the company and its
 * users), then the services whose rows refer to them; reporting's projections last.
 */
export const TransferOrder: ServiceName[] = [
  'identity',
  'tickets',
  'connectors',
  'campaigns',
  'reporting',
];

/**
 * How long the first cut of an export waits for the fence (an event each service applies as it hears
 * it; milliseconds on one host) before reading the company.
 */
const FenceSettleMs = 2_000;

/** The operator's bundle key is sealed at rest with keys of this purpose while the operation runs. */
const BundleKeyPurpose = { salt: 'switchboard-identity', info: 'tenant-bundle-keys/v1' };

const step = (
  service: ServiceName,
  action: TenantOperationStep['action'],
): TenantOperationStep => ({
  service,
  action,
  status: 'pending',
});

/** One service's part of a large company takes long: far above the bus's default 10 s. */
const StepTimeoutMs = 15 * 60_000;

/** The context a step runs under: super of the platform, on behalf of whoever asked (0: the operator). */
const stepContext = (operation: TenantOperation): RequestContext => ({
  ...operatorContext(),
  userId: operation.startedBy,
});

/** A step's error as the operator reads it; an unexpected one with the id its log line carries. */
const messageOf = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const { errorId } = err as { errorId?: string };
  return errorId ? `${err.message} (error ${errorId} in the logs)` : err.message;
};

/**
 * Runs tenant operations step by step, storing each step's state, so that a replica that dies mid-way
 * leaves an operation another one resumes (a lapsed claim) at the step that did not finish. Every step
 * is idempotent: running one twice removes nothing more.
 */
@Injectable()
export class TenantOperationsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly poller: Poller;
  private readonly running = new Map<string, Promise<TenantOperation>>();
  private readonly keyring: SecretKeyring;
  private stopping = false;

  constructor(
    private readonly operations: TenantOperationsRepository,
    private readonly bundles: TenantBundles,
    private readonly fence: TenantFence,
    private readonly transactions: Transactions,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    this.keyring = secretKeyringFromEnv(env, BundleKeyPurpose);
    this.poller = new Poller({
      name: 'tenant operations',
      everyMs: (ClaimSeconds / 2) * 1000,
      passAtStart: true,
      pass: () => this.resumeLapsed(),
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.poller.stop();
  }

  /** The steps of a new erase, all pending. */
  static eraseSteps(): TenantOperationStep[] {
    return EraseOrder.map((service) => step(service, 'erase'));
  }

  /** An export: each service writes its part, then identity puts them into the bundle. */
  static exportSteps(): TenantOperationStep[] {
    return [...TransferOrder.map((service) => step(service, 'export')), step('identity', 'bundle')];
  }

  /**
   * An import: the bundle checked and handed out, ids reserved everywhere (identity first: it gives
   * the company its id), the rows written, the media last.
   */
  static importSteps(): TenantOperationStep[] {
    return [
      step('identity', 'unpack'),
      ...TransferOrder.map((service) => step(service, 'reserve')),
      ...TransferOrder.map((service) => step(service, 'import')),
      step('identity', 'media'),
    ];
  }

  /** The operator's key as stored with the operation while it runs. */
  sealKey(secret: string): string {
    return this.keyring.seal(secret);
  }

  /**
   * Runs `operation` on in the background; answers its state once it ended or after `waitMs`,
   * whichever comes first (the caller shows progress from there).
   */
  async runFor(operation: TenantOperation, waitMs: number): Promise<TenantOperation> {
    const run = this.run(operation);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    const ended = await Promise.race([run, waited]);
    clearTimeout(timer);
    return ended ?? (await this.operations.get(operation.id)) ?? operation;
  }

  /** Resumes the operations whose replica stopped renewing its claim. */
  async resumeLapsed(): Promise<void> {
    for (const operation of await this.operations.claimLapsed()) {
      this.logger.info({ operationId: operation.id }, 'resuming a tenant operation');
      void this.run(operation);
    }
  }

  /** One run per operation in this process: asking again joins the run in progress. */
  private run(operation: TenantOperation): Promise<TenantOperation> {
    let run = this.running.get(operation.id);
    if (!run) {
      run = this.steps(operation)
        .catch((err: unknown) => {
          // its state could not be stored (the database went away): the claim lapses and a replica
          // resumes it from the last step stored
          this.logger.error({ err, operationId: operation.id }, 'tenant operation interrupted');
          return operation;
        })
        .finally(() => this.running.delete(operation.id));
      this.running.set(operation.id, run);
    }
    return run;
  }

  private async steps(start: TenantOperation): Promise<TenantOperation> {
    let operation: TenantOperation = { ...start, status: 'running', error: null };
    const renew = setInterval(
      () => void this.operations.renewClaim(operation.id).catch(() => undefined),
      (ClaimSeconds / 3) * 1000,
    );
    try {
      for (const [index, step] of operation.steps.entries()) {
        if (step.status === 'done') continue;
        operation = await this.saveStep(operation, index, { ...step, status: 'running' });
        try {
          const { report, learnt } = await this.runStep(operation, step);
          operation = await this.saveStep({ ...operation, ...learnt }, index, {
            ...step,
            status: 'done',
            report,
          });
        } catch (err) {
          // stopping: the claim lapses and a replica (or the next start) resumes this step
          if (this.stopping) return operation;
          const error = `${step.service}: ${messageOf(err)}`;
          this.logger.error({ err, operationId: operation.id }, 'tenant operation step failed');
          operation = { ...operation, status: 'failed', error };
          if (operation.kind !== 'erase') await this.bundles.discard(operation);
          if (operation.kind === 'export') await this.unfence(operation);
          return await this.saveStep(operation, index, {
            ...step,
            status: 'failed',
            error: messageOf(err),
          });
        }
      }
      operation = await this.operations.save({ ...operation, status: 'done' });
      if (operation.kind === 'export' && !operation.holdFence) await this.unfence(operation);
      this.logger.info(
        { operationId: operation.id, kind: operation.kind },
        'tenant operation done',
      );
      return operation;
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * One step: a service's part over the bus, or identity's own work on the bundle; answers its report
   * and what the operation learnt from it (an import's company and bundle).
   */
  private async runStep(
    operation: TenantOperation,
    { service, action }: TenantOperationStep,
  ): Promise<{ report: TenantPartReport; learnt?: Partial<TenantOperation> }> {
    const request = <D>(subject: string, data: D) =>
      this.bus.request(
        subject,
        { ctx: stepContext(operation), data },
        { timeoutMs: StepTimeoutMs },
      );
    const secret = () => this.keyring.open(operation.sealedKey ?? '');
    const done = (steps: string) =>
      operation.steps.filter((s) => s.action === steps && s.report).map((s) => s.report!);
    const transfer = {
      operationId: operation.id,
      bundleId: operation.bundleId!,
      sourceCompanyId: operation.sourceCompanyId!,
      ...(operation.companyId ? { companyId: operation.companyId } : {}),
      ...(operation.wantedName ? { name: operation.wantedName } : {}),
    };
    switch (action) {
      case 'erase':
        return {
          report: (await request(tenantEraseSubject(service), {
            companyId: operation.companyId,
            reason: operation.reason ?? 'leave',
          })) as TenantPartReport,
        };
      case 'export':
        // the fence reaches each service as an event: the first cut waits until it is in force
        if (service === TransferOrder[0]) await sleep(FenceSettleMs);
        return {
          report: (await request(tenantExportSubject(service), {
            companyId: operation.companyId,
            operationId: operation.id,
          })) as TenantPartReport,
        };
      case 'bundle':
        return {
          report: await this.bundles.write(operation, secret(), done('export')),
          learnt: { bundleKey: tenantBundleKey(operation.id) },
        };
      case 'unpack': {
        const { header, report } = await this.bundles.unpack(operation, secret());
        return {
          report: { ...report, schemas: header.schema },
          learnt: {
            bundleId: header.bundleId,
            sourceCompanyId: header.company.id,
            companyName: operation.wantedName ?? header.company.name,
          },
        };
      }
      case 'reserve': {
        const schemas = operation.steps.find((s) => s.action === 'unpack')?.report?.schemas;
        const report = (await request(tenantReserveSubject(service), {
          ...transfer,
          ...(schemas?.[service] ? { sourceSchema: schemas[service] } : {}),
        })) as TenantPartReport;
        return { report, learnt: report.companyId ? { companyId: report.companyId } : {} };
      }
      case 'import':
        return {
          report: (await request(tenantImportSubject(service), transfer)) as TenantPartReport,
        };
      case 'media':
        return { report: await this.bundles.media(operation, secret()) };
    }
  }

  /** The export's company works again (an export that failed, or one a move does not hold). */
  private async unfence(operation: TenantOperation): Promise<void> {
    await this.transactions.acrossCompanies((manager) =>
      this.fence.unfence(manager, operation.companyId, operation.id),
    );
  }

  private saveStep(
    operation: TenantOperation,
    index: number,
    step: TenantOperationStep,
  ): Promise<TenantOperation> {
    const steps = operation.steps.map((current, i) => (i === index ? step : current));
    return this.operations.save({ ...operation, steps });
  }
}
