import { Injectable } from '@nestjs/common';
import { Subjects, type SlaTarget, type SlaTargetQueue, type SlaTargetsReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { SlaTargetsService } from './sla-targets.service.js';

@Injectable()
export class SlaTargetsHandler {
  constructor(private readonly targets: SlaTargetsService) {}

  @BusHandler(Subjects.reporting.slaTargetList)
  list(_data: unknown, ctx: CallContext): Promise<SlaTargetsReply> {
    return this.targets.list(ctx);
  }

  @BusHandler(Subjects.reporting.slaTargetSet)
  set(data: unknown, ctx: CallContext): Promise<SlaTarget> {
    return this.targets.set(ctx, data);
  }

  @BusHandler(Subjects.reporting.slaTargetDelete)
  remove(data: unknown, ctx: CallContext): Promise<SlaTargetQueue> {
    return this.targets.remove(ctx, data);
  }
}
