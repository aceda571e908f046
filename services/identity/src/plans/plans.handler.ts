import { Injectable } from '@nestjs/common';
import { Subjects, type PlanLimitsReply, type PlanView } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { PlansService } from './plans.service.js';

@Injectable()
export class PlansHandler {
  constructor(private readonly plans: PlansService) {}

  @BusHandler(Subjects.identity.planListPublic)
  listPublic(): Promise<PlanView[]> {
    return this.plans.listPublic();
  }

  @BusHandler(Subjects.identity.planLimits)
  limits(_ctx: CallContext, data: unknown): Promise<PlanLimitsReply> {
    return this.plans.limits(data);
  }
}
