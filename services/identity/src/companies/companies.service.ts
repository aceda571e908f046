import { Injectable } from '@nestjs/common';
import {
  CompaniesPageSize,
  CompanyInput,
  CompanyListQuery,
  CompanySchedulesInput,
  CompanyUpdateInput,
  DomainEventTypes,
  PlatformCompanyDueDate,
  PlatformCompanyId,
  trialDueDate,
  type CompaniesPage,
  CompanyEraseRequest,
  type CompanyEraseReply,
  type CompanyEventData,
  type CompanyPlanView,
  type CompanyRecordView,
  type CompanySchedulesView,
  type CompanyView,
  IdParam,
  recordId,
  Subjects,
} from '@sb/contracts';
import { requireSuper, type CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox, recordAudit } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { hashPassword } from '../auth/password-hasher.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { toPlanView } from '../plans/plan-view.js';
import { PlansRepository } from '../plans/plans.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { TenantOperationsService } from '../tenant/tenant-operations.service.js';
import { viewOf } from '../tenant/tenant-operations.repository.js';
import { UserCreation } from '../users/user-creation.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompanyRecordCounts } from './company-record-counts.js';
import { toCompanyView } from './company-view.js';
import { Company } from './company.entity.js';
import { takenNameError } from './taken-names.js';
import { BusHandler } from '@sb/platform/nest';

const CompanyIdSchema = z.object({ companyId: recordId });
/** How long `DELETE /companies/:id` waits for the erase before answering with its progress. */
const EraseWaitMs = 5_000;
const platformDue = new Date(PlatformCompanyDueDate);

function assertSchedulesAccess(ctx: CallContext, companyId: number) {
  if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
  if (ctx.super) return;
  // another company's id is simply not found
  if (ctx.companyId !== companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  if (ctx.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly companies: CompaniesRepository,
    private readonly plans: PlansRepository,
    private readonly invoices: InvoicesService,
    private readonly sessions: SessionsService,
    private readonly creation: UserCreation,
    private readonly recordCounts: CompanyRecordCounts,
    private readonly tenantOperations: TenantOperationsService,
  ) {}

  @BusHandler(Subjects.identity.companyPage)
  async page(ctx: CallContext, data: unknown): Promise<CompaniesPage> {
    requireSuper(ctx);
    const { searchParam, pageNumber } = parseInput(CompanyListQuery, data ?? {});
    const offset = (pageNumber - 1) * CompaniesPageSize;
    const { companies, count } = await this.companies.page(searchParam, offset, CompaniesPageSize);
    return {
      companies: await this.recordCounts.of(ctx, await this.views(companies)),
      count,
      hasMore: count > offset + companies.length,
    };
  }

  @BusHandler(Subjects.identity.companyListAll)
  async listAll(ctx: CallContext): Promise<CompanyView[]> {
    requireSuper(ctx);
    return this.views(await this.companies.listAll());
  }

  @BusHandler(Subjects.identity.companyGet)
  async get(ctx: CallContext, data: unknown): Promise<CompanyRecordView> {
    requireSuper(ctx);
    const { id } = parseInput(IdParam, data);
    const [company] = await this.recordCounts.of(ctx, [await this.view(await this.mustFind(id))]);
    return company!;
  }

  /** A company, its first admin (email + password of the form) and its default settings, at once. */
  @BusHandler(Subjects.identity.companyCreate)
  async create(ctx: CallContext, data: unknown): Promise<CompanyView> {
    requireSuper(ctx);
    const { password, ...input } = parseInput(CompanyInput, data);
    const passwordHash = await hashPassword(password);
    return this.guardUnique(() =>
      this.transactions.acrossCompanies(async (manager) => {
        await this.assertPlan(manager, input.planId);
        if (await this.companies.nameTaken(manager, input.name)) {
          throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS');
        }
        if (await this.companies.emailTaken(manager, input.email)) {
          throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
        }
        const saved = await this.companies.insert(manager, {
          ...input,
          dueDate: input.dueDate ? new Date(input.dueDate) : trialDueDate(),
        });
        // its first admin: the company's name and the form's email and password
        await this.creation.create(manager, saved.id, {
          name: input.name,
          email: input.email,
          passwordHash,
          profile: 'admin',
        });
        await this.companies.insertSettings(manager, saved.id);
        const created = await this.publish(manager, saved.id, 'companyCreated');
        await recordAudit(manager, 'identity', ctx, {
          action: 'create',
          entity: 'company',
          entityId: saved.id,
          after: created,
          companyId: saved.id,
        });
        return created;
      }),
    );
  }

  /**
   * Changes a company. A later due date (the due-date button) also records the settled period as an
   * invoice in the same transaction. Company 1 keeps its endless due date and stays active.
   */
  @BusHandler(Subjects.identity.companyUpdate)
  async update(ctx: CallContext, data: unknown): Promise<CompanyView> {
    requireSuper(ctx);
    const { id } = parseInput(IdParam, data);
    const { password, dueDate, ...changes } = parseInput(CompanyUpdateInput, data);
    const passwordHash = password ? await hashPassword(password) : undefined;
    return this.guardUnique(() =>
      this.transactions.acrossCompanies(async (manager) => {
        const company = await this.mustFind(id, manager);
        const before = await this.view(company, manager);
        const platform = id === PlatformCompanyId;
        if (platform && changes.status === false) throw new AppError('ERR_COMPANY_PROTECTED');
        if (changes.planId !== undefined) await this.assertPlan(manager, changes.planId);
        if (changes.name && (await this.companies.nameTaken(manager, changes.name, id))) {
          throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS');
        }
        // null (an empty or invalid date in the form) keeps the stored due date
        const nextDue = platform ? platformDue : dueDate ? new Date(dueDate) : company.dueDate;
        await this.companies.update(manager, id, { ...changes, dueDate: nextDue });
        if (!platform && nextDue && (!company.dueDate || nextDue > company.dueDate)) {
          const plan = await this.assertPlan(manager, changes.planId ?? company.planId);
          await this.invoices.recordAdvance(manager, id, {
            previousDue: company.dueDate,
            planName: plan.name,
            amount: plan.amount,
            recurrence: changes.recurrence ?? company.recurrence ?? 'MENSAL',
          });
        }
        if (passwordHash) {
          const admin = await this.companies.firstAdmin(manager, id);
          if (admin) await this.companies.setUserPassword(manager, admin.id, passwordHash);
        }
        // switched off: its users are out now, not when their access tokens expire
        if (company.status && changes.status === false) {
          await this.sessions.revokeAll(manager, { companyId: id }, 'company-disabled', new Date());
        }
        const after = await this.publish(manager, id, 'companyUpdated');
        await recordAudit(manager, 'identity', ctx, {
          action: 'update',
          entity: 'company',
          entityId: id,
          before,
          after: passwordHash ? { ...after, password: 'changed' } : after,
          companyId: id,
        });
        return after;
      }),
    );
  }

  /**
   * Erases a company, company 1 never: at once it is switched off and its sessions end (nobody of it
   * works while its data goes), then every service forgets its data (a tenant operation, see
   * TenantOperationsRunner). Answers the operation after at most `EraseWaitMs`: a small company is gone
   * by then; a large one goes on and reports in the operations list. Asked again, an erase that did
   * not complete resumes. The reason is `leave` unless the command line says the company moved.
   */
  @BusHandler(Subjects.identity.companyDelete)
  async remove(ctx: CallContext, data: unknown): Promise<CompanyEraseReply> {
    requireSuper(ctx);
    const { id, reason } = parseInput(CompanyEraseRequest, data);
    if (id === PlatformCompanyId) throw new AppError('ERR_COMPANY_PROTECTED');
    const operation = await this.transactions.acrossCompanies(async (manager) => {
      const company = await this.mustFind(id, manager);
      if (company.status) {
        await this.companies.update(manager, id, { status: false });
        await this.publish(manager, id, 'companyUpdated');
        await this.sessions.revokeAll(manager, { companyId: id }, 'company-deleted', new Date());
        // filed under the deleted company: the log outlives it, super still reads it by id
        await recordAudit(manager, 'identity', ctx, {
          action: 'delete',
          entity: 'company',
          entityId: id,
          before: await this.view(company, manager),
          companyId: id,
        });
      }
      return this.tenantOperations.startErase(manager, company, reason, ctx.userId);
    });
    return {
      id,
      operation: viewOf(await this.tenantOperations.runner.runFor(operation, EraseWaitMs)),
    };
  }

  /**
   * Per-weekday schedules (scheduleType company) and the company's time zone: the super user, or an
   * admin of that company.
   */
  @BusHandler(Subjects.identity.companySchedulesGet)
  async getSchedules(ctx: CallContext, data: unknown): Promise<CompanySchedulesView> {
    const { id } = parseInput(IdParam, data);
    // the tickets service reads its company's hours with the company's system context
    const systemRead = ctx.userId === 0 && ctx.companyId === id && !ctx.super;
    if (!systemRead) assertSchedulesAccess(ctx, id);
    const company = await this.mustFind(id);
    return {
      id,
      schedules: (company.schedules ?? []) as CompanySchedulesView['schedules'],
      timeZone: company.timezone,
    };
  }

  @BusHandler(Subjects.identity.companySchedules)
  async updateSchedules(ctx: CallContext, data: unknown): Promise<CompanyView> {
    const { id } = parseInput(IdParam, data);
    const { schedules } = parseInput(CompanySchedulesInput, data);
    assertSchedulesAccess(ctx, id);
    return this.transactions.acrossCompanies(async (manager) => {
      const previous = await this.mustFind(id, manager);
      await this.companies.update(manager, id, { schedules });
      const after = await this.publish(manager, id, 'companyUpdated');
      await recordAudit(manager, 'identity', ctx, {
        action: 'update',
        entity: 'company',
        entityId: id,
        before: { schedules: previous.schedules ?? [] },
        after: { schedules },
        companyId: id,
      });
      return after;
    });
  }

  /** The plan with its flags: the super user for any company, anyone else for their own. */
  @BusHandler(Subjects.identity.companyPlan)
  async plan(ctx: CallContext, data: unknown): Promise<CompanyPlanView> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    const { companyId } = parseInput(CompanyIdSchema, data);
    if (!ctx.super && ctx.companyId !== companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
    const company = await this.mustFind(companyId);
    return { companyId, plan: toPlanView(company.plan!) };
  }

  private async mustFind(id: number, manager?: EntityManager): Promise<Company> {
    const company = await this.companies.findById(id, manager);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    return company;
  }

  private async assertPlan(manager: EntityManager, planId: number) {
    const plan = await this.plans.findById(planId, manager);
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', { fields: { planId: ['not found'] } });
    return plan;
  }

  private async publish(
    manager: EntityManager,
    id: number,
    type: 'companyCreated' | 'companyUpdated',
  ): Promise<CompanyView> {
    const row = await this.mustFind(id, manager);
    const company = await this.view(row, manager);
    const event: CompanyEventData = { company, timeZone: row.timezone };
    await Outbox.add(manager, { companyId: id, ...DomainEventTypes.identity[type], data: event });
    return company;
  }

  private async view(company: Company, manager?: EntityManager): Promise<CompanyView> {
    const counts = await this.companies.usersCount([company.id], manager);
    return toCompanyView(company, counts.get(company.id) ?? 0);
  }

  private async views(companies: Company[]): Promise<CompanyView[]> {
    const counts = await this.companies.usersCount(companies.map((company) => company.id));
    return companies.map((company) => toCompanyView(company, counts.get(company.id) ?? 0));
  }

  private async guardUnique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw takenNameError(err) ?? err;
    }
  }
}
