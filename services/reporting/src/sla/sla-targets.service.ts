import { Injectable } from '@nestjs/common';
import {
  SlaTargetQueue,
  SlaTargetRequest,
  type SlaTarget,
  type SlaTargetsReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { dashboardViewer } from '../dashboard/dashboard-access.js';
import { SlaTargetsRepository } from './sla-targets.repository.js';

/**
 * The SLA panel's first-response target per queue: read and set by those who read the figures
 * (`dashboard:view`). The queue is the caller's company's (the gateway checked it with tickets).
 */
@Injectable()
export class SlaTargetsService {
  constructor(private readonly repository: SlaTargetsRepository) {}

  async list(ctx: CallContext): Promise<SlaTargetsReply> {
    const { companyId } = dashboardViewer(ctx);
    return { targets: await this.repository.list(companyId) };
  }

  /** The company's targets by queue id (the metrics' SLA panel). */
  async targetsOf(companyId: number): Promise<Map<number, number>> {
    const targets = await this.repository.list(companyId);
    return new Map(targets.map((target) => [target.queueId, target.firstResponseMinutes]));
  }

  async set(ctx: CallContext, data: unknown): Promise<SlaTarget> {
    const { companyId } = dashboardViewer(ctx);
    const { queueId, firstResponseMinutes } = parseInput(SlaTargetRequest, data ?? {});
    return this.repository.save(companyId, queueId, firstResponseMinutes);
  }

  /** Clears the queue's target (a queue without one is answered the same). */
  async remove(ctx: CallContext, data: unknown): Promise<SlaTargetQueue> {
    const { companyId } = dashboardViewer(ctx);
    const { queueId } = parseInput(SlaTargetQueue, data ?? {});
    await this.repository.remove(companyId, queueId);
    return { queueId };
  }
}
