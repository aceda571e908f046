import { randomUUID } from 'node:crypto';
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
  tenantStepAliveSubject,
  type RequestContext,
  type ServiceName,
  type TenantOperationStep,
  type TenantPartReport,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import { operatorContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { Transactions } from '@sb/platform/db';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { Poller } from '@sb/platform/poller';
import { secretKeyringFromEnv, type SecretKeyring } from '@sb/platform/secrets';
import { TenantBundles } from './tenant-bundles.js';
import { TenantFence } from './tenant-fence.js';
import {
  claimSecondsOf,
  OperationAbortedError,
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

/**
 * One service's part of a large company takes long: the request waits for it as long as the service
 * says it is alive (every `TENANT_STEP_ALIVE_MS`, 5 s), up to this.
 */
const StepTimeoutMs = 6 * 60 * 60_000;

/** Beats missed before a step counts as lost with its process, and is asked again. */
const SilentBeats = 6;

/**
 * Beats a step may go without a service at work on it (dead mid-step, or not running) before it fails:
 * 5 minutes at the default beat, long enough for a pod to be restarted.
 */
const GiveUpBeats = 60;

/** A service that fell silent on a step (its process died mid-way): the step is asked again. */
class StepSilentError extends Error {}

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
  private readonly claimSeconds: number;
  private readonly aliveEveryMs: number;
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
    this.claimSeconds = claimSecondsOf(env);
    const aliveMs = Number(env.TENANT_STEP_ALIVE_MS);
    this.aliveEveryMs = Number.isInteger(aliveMs) && aliveMs >= 50 ? aliveMs : 5_000;
    this.poller = new Poller({
      name: 'tenant operations',
      everyMs: (this.claimSeconds / 2) * 1000,
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
        .catch(async (err: unknown) => {
          if (err instanceof OperationAbortedError) {
            // aborted by the operator while a step ran: what it wrote goes, the abort already unfenced
            await this.bundles.discardAll(operation);
            this.logger.info({ operationId: operation.id }, 'tenant operation aborted');
            return (await this.operations.get(operation.id)) ?? operation;
          }
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
      (this.claimSeconds / 3) * 1000,
    );
    try {
      for (const [index, step] of operation.steps.entries()) {
        if (step.status === 'done') continue;
        operation = await this.saveStep(operation, index, { ...step, status: 'running' });
        try {
          const { report, learnt, retries } = await this.runStep(operation, step);
          operation = await this.saveStep({ ...operation, ...learnt }, index, {
            ...step,
            status: 'done',
            report,
            ...(retries ? { retries } : {}),
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
  ): Promise<{ report: TenantPartReport; learnt?: Partial<TenantOperation>; retries?: number }> {
    let retries = 0;
    const request = async (subject: string, data: object) => {
      const answer = await this.requestStep(operation, subject, data);
      retries = answer.retries;
      return answer.report;
    };
    const step = await this.runStepAction(operation, { service, action }, request);
    return { ...step, retries };
  }

  /**
   * A service's part over the bus. The service says it is alive while it works; once it falls silent
   * for `SilentBeats` beats (its process died) or is not there (restarting), the step is asked again,
   * for any replica: each step is idempotent. It fails after `GiveUpBeats` without a service at work.
   */
  private async requestStep(
    operation: TenantOperation,
    subject: string,
    data: object,
  ): Promise<{ report: TenantPartReport; retries: number }> {
    const aliveSubject = tenantStepAliveSubject(randomUUID());
    let heardAt = Date.now();
    const beats = await this.bus.handle(aliveSubject, () => {
      heardAt = Date.now();
      return Promise.resolve({});
    });
    const silentMs = this.aliveEveryMs * SilentBeats;
    const giveUpMs = this.aliveEveryMs * GiveUpBeats;
    try {
      for (let retries = 0; ; retries += 1) {
        const askedAt = Date.now();
        let watch: NodeJS.Timeout | undefined;
        const silent = new Promise<never>((_, reject) => {
          watch = setInterval(() => {
            if (Date.now() - Math.max(heardAt, askedAt) > silentMs) reject(new StepSilentError());
          }, this.aliveEveryMs);
        });
        const answer = this.bus.request(
          subject,
          {
            ctx: stepContext(operation),
            data: { ...data, alive: { subject: aliveSubject, everyMs: this.aliveEveryMs } },
          },
          { timeoutMs: StepTimeoutMs },
        );
        // a silent step's late answer (or failure) is no longer awaited: the next ask does its work
        answer.catch(() => undefined);
        try {
          return { report: (await Promise.race([answer, silent])) as TenantPartReport, retries };
        } catch (err) {
          const lost =
            err instanceof StepSilentError ||
            (err instanceof AppError && err.code === 'ERR_SERVICE_UNAVAILABLE');
          if (!lost || this.stopping) throw err;
          if (Date.now() - heardAt > giveUpMs) {
            throw new AppError('ERR_SERVICE_UNAVAILABLE', {
              message: `No ${subject.split('.')[0]} service worked on the step for ${Math.round(giveUpMs / 1000)} s.`,
            });
          }
          this.logger.warn(
            { operationId: operation.id, subject, retries: retries + 1 },
            err instanceof StepSilentError
              ? 'tenant step: its service fell silent, asking again'
              : 'tenant step: no service answers yet, asking again',
          );
          await sleep(this.aliveEveryMs);
        } finally {
          clearInterval(watch);
        }
      }
    } finally {
      await beats.unsubscribe();
    }
  }

  private async runStepAction(
    operation: TenantOperation,
    { service, action }: Pick<TenantOperationStep, 'service' | 'action'>,
    request: (subject: string, data: object) => Promise<TenantPartReport>,
  ): Promise<{ report: TenantPartReport; learnt?: Partial<TenantOperation> }> {
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
          report: await request(tenantEraseSubject(service), {
            companyId: operation.companyId,
            reason: operation.reason ?? 'leave',
          }),
        };
      case 'export':
        // the fence reaches each service as an event: the first cut waits until it is in force
        if (service === TransferOrder[0]) await sleep(FenceSettleMs);
        return {
          report: await request(tenantExportSubject(service), {
            companyId: operation.companyId,
            operationId: operation.id,
          }),
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
        const report = await request(tenantReserveSubject(service), {
          ...transfer,
          ...(schemas?.[service] ? { sourceSchema: schemas[service] } : {}),
        });
        return { report, learnt: report.companyId ? { companyId: report.companyId } : {} };
      }
      case 'import':
        return {
          report: await request(tenantImportSubject(service), transfer),
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
