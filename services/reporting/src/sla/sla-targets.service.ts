import { Injectable } from '@nestjs/common';
import {
  SlaTargetQueue,
  SlaTargetRequest,
  type SlaTarget,
  type SlaTargetsReply,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { parseInput } from '@sb/platform/errors';
import { recordAudit } from '@sb/platform/outbox';
import { dashboardViewer } from '../dashboard/dashboard-access.js';
import { SlaTargetsRepository } from './sla-targets.repository.js';
import { BusHandler } from '@sb/platform/nest';

/**
 * The SLA panel's first-response target per queue: read and set by those who read the figures
 * (`dashboard:view`). The queue is the caller's company's (the gateway checked it with tickets). A
 * change goes to the company's audit log with the target before and after.
 */
@Injectable()
export class SlaTargetsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: SlaTargetsRepository,
  ) {}

  @BusHandler(Subjects.reporting.slaTargetList)
  async list(ctx: CallContext): Promise<SlaTargetsReply> {
    const { companyId } = dashboardViewer(ctx);
    return { targets: await this.repository.list(companyId) };
  }

  /** The company's targets by queue id (the metrics' SLA panel). */
  async targetsOf(companyId: number): Promise<Map<number, number>> {
    const targets = await this.repository.list(companyId);
    return new Map(targets.map((target) => [target.queueId, target.firstResponseMinutes]));
  }

  @BusHandler(Subjects.reporting.slaTargetSet)
  async set(ctx: CallContext, data: unknown): Promise<SlaTarget> {
    const caller = dashboardViewer(ctx);
    const { queueId, firstResponseMinutes } = parseInput(SlaTargetRequest, data ?? {});
    return this.transactions.inTenant(caller.companyId, async (manager) => {
      const before = await this.repository.lock(caller.companyId, queueId, manager);
      const saved = await this.repository.save(
        caller.companyId,
        queueId,
        firstResponseMinutes,
        manager,
      );
      await recordAudit(manager, 'reporting', caller, {
        action: before ? 'update' : 'create',
        entity: 'sla-target',
        entityId: queueId,
        before: before && { queueId, firstResponseMinutes: before.firstResponseMinutes },
        after: { queueId, firstResponseMinutes },
      });
      return saved;
    });
  }

  /** Clears the queue's target (a queue without one is answered the same, and logs nothing). */
  @BusHandler(Subjects.reporting.slaTargetDelete)
  async remove(ctx: CallContext, data: unknown): Promise<SlaTargetQueue> {
    const caller = dashboardViewer(ctx);
    const { queueId } = parseInput(SlaTargetQueue, data ?? {});
    await this.transactions.inTenant(caller.companyId, async (manager) => {
      const before = await this.repository.lock(caller.companyId, queueId, manager);
      if (!before) return;
      await this.repository.remove(caller.companyId, queueId, manager);
      await recordAudit(manager, 'reporting', caller, {
        action: 'delete',
        entity: 'sla-target',
        entityId: queueId,
        before: { queueId, firstResponseMinutes: before.firstResponseMinutes },
      });
    });
    return { queueId };
  }
}
