import { Injectable } from '@nestjs/common';
import {
  PlanInput,
  PlanUpdateInput,
  type PlanLimitsReply,
  type PlanView,
  IdParam,
  recordId,
  Subjects,
} from '@sb/contracts';
import { requireSuper, type CallContext } from '@sb/platform/context';
import { recordAudit } from '@sb/platform/outbox';
import { AppError, parseInput } from '@sb/platform/errors';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { planFlagsOf, toPlanView } from './plan-view.js';
import { PlansRepository } from './plans.repository.js';
import { BusHandler } from '@sb/platform/nest';

const CompanyIdSchema = z.object({ companyId: recordId });

@Injectable()
export class PlansService {
  constructor(
    private readonly transactions: Transactions,
    private readonly plans: PlansRepository,
  ) {}

  /** GET /plans/list: what signup offers, for anyone. */
  async listPublic(): Promise<PlanView[]> {
    return (await this.plans.list(true)).map(toPlanView);
  }

  @BusHandler(Subjects.identity.planListAll)
  async listAll(ctx: CallContext): Promise<PlanView[]> {
    requireSuper(ctx);
    return (await this.plans.list(false)).map(toPlanView);
  }

  @BusHandler(Subjects.identity.planCreate)
  async create(ctx: CallContext, data: unknown): Promise<PlanView> {
    requireSuper(ctx);
    const input = parseInput(PlanInput, data);
    return this.transactions.acrossCompanies(async (manager) => {
      if (await this.plans.nameTaken(manager, input.name)) {
        throw new AppError('ERR_PLAN_NAME_ALREADY_EXISTS');
      }
      const plan = toPlanView(
        await this.plans.insert(manager, { ...input, amount: input.amount.toFixed(2) }),
      );
      // plans are platform-wide: filed under the super user's own company
      await recordAudit(manager, 'identity', ctx, {
        action: 'create',
        entity: 'plan',
        entityId: plan.id,
        after: plan,
      });
      return plan;
    });
  }

  @BusHandler(Subjects.identity.planUpdate)
  async update(ctx: CallContext, data: unknown): Promise<PlanView> {
    requireSuper(ctx);
    const { id } = parseInput(IdParam, data);
    const { amount, ...changes } = parseInput(PlanUpdateInput, data);
    return this.transactions.acrossCompanies(async (manager) => {
      const plan = await this.plans.findById(id, manager);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
      if (changes.name && (await this.plans.nameTaken(manager, changes.name, id))) {
        throw new AppError('ERR_PLAN_NAME_ALREADY_EXISTS');
      }
      const values = { ...changes, ...(amount === undefined ? {} : { amount: amount.toFixed(2) }) };
      if (Object.keys(values).length > 0) await this.plans.update(manager, id, values);
      const after = toPlanView((await this.plans.findById(id, manager))!);
      await recordAudit(manager, 'identity', ctx, {
        action: 'update',
        entity: 'plan',
        entityId: id,
        before: toPlanView(plan),
        after,
      });
      return after;
    });
  }

  @BusHandler(Subjects.identity.planDelete)
  async remove(ctx: CallContext, data: unknown): Promise<{ id: number }> {
    requireSuper(ctx);
    const { id } = parseInput(IdParam, data);
    return this.transactions.acrossCompanies(async (manager) => {
      const plan = await this.plans.findById(id, manager);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
      const using = await this.plans.companiesUsing(manager, id);
      if (using > 0) throw new AppError('ERR_PLAN_IN_USE', { details: { companies: using } });
      await this.plans.delete(manager, id);
      await recordAudit(manager, 'identity', ctx, {
        action: 'delete',
        entity: 'plan',
        entityId: id,
        before: toPlanView(plan),
      });
      return { id };
    });
  }

  /**
   * identity.plan.limits: service-to-service, for the services that count connections and queues, and
   * for the gateway's external API, which has no session token to read the company's standing from.
   */
  async limits(data: unknown): Promise<PlanLimitsReply> {
    const { companyId } = parseInput(CompanyIdSchema, data);
    const company = await this.plans.findCompanyWithPlan(companyId);
    const plan = company?.plan;
    if (!company || !plan) throw new AppError('ERR_NO_COMPANY_FOUND');
    return {
      companyId,
      planId: plan.id,
      limits: { users: plan.users, connections: plan.connections, queues: plan.queues },
      flags: planFlagsOf(plan),
      status: company.status,
      // as in a session: a company without a due date is already due
      dueDate: (company.dueDate ?? new Date(0)).toISOString(),
    };
  }
}
