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

  @BusHandler(Subjects.identity.planListAll)
  listAll(_data: unknown, ctx: CallContext): Promise<PlanView[]> {
    return this.plans.listAll(ctx);
  }

  @BusHandler(Subjects.identity.planCreate)
  create(data: unknown, ctx: CallContext): Promise<PlanView> {
    return this.plans.create(ctx, data);
  }

  @BusHandler(Subjects.identity.planUpdate)
  update(data: unknown, ctx: CallContext): Promise<PlanView> {
    return this.plans.update(ctx, data);
  }

  @BusHandler(Subjects.identity.planDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.plans.remove(ctx, data);
  }

  @BusHandler(Subjects.identity.planLimits)
  limits(data: unknown): Promise<PlanLimitsReply> {
    return this.plans.limits(data);
  }
}
