import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CompaniesPage,
  type CompanyPlanView,
  type CompanyRecordView,
  type CompanySchedulesView,
  type CompanyView,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { CompaniesService } from './companies.service.js';

@Injectable()
export class CompaniesHandler {
  constructor(private readonly companies: CompaniesService) {}

  @BusHandler(Subjects.identity.companyPage)
  page(data: unknown, ctx: CallContext): Promise<CompaniesPage> {
    return this.companies.page(ctx, data);
  }

  @BusHandler(Subjects.identity.companyListAll)
  listAll(_data: unknown, ctx: CallContext): Promise<CompanyView[]> {
    return this.companies.listAll(ctx);
  }

  @BusHandler(Subjects.identity.companyGet)
  get(data: unknown, ctx: CallContext): Promise<CompanyRecordView> {
    return this.companies.get(ctx, data);
  }

  @BusHandler(Subjects.identity.companyCreate)
  create(data: unknown, ctx: CallContext): Promise<CompanyView> {
    return this.companies.create(ctx, data);
  }

  @BusHandler(Subjects.identity.companyUpdate)
  update(data: unknown, ctx: CallContext): Promise<CompanyView> {
    return this.companies.update(ctx, data);
  }

  @BusHandler(Subjects.identity.companyDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.companies.remove(ctx, data);
  }

  @BusHandler(Subjects.identity.companySchedulesGet)
  getSchedules(data: unknown, ctx: CallContext): Promise<CompanySchedulesView> {
    return this.companies.getSchedules(ctx, data);
  }

  @BusHandler(Subjects.identity.companySchedules)
  schedules(data: unknown, ctx: CallContext): Promise<CompanyView> {
    return this.companies.updateSchedules(ctx, data);
  }

  @BusHandler(Subjects.identity.companyPlan)
  plan(data: unknown, ctx: CallContext): Promise<CompanyPlanView> {
    return this.companies.plan(ctx, data);
  }
}
