import { Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiRoutes,
  CompanyListQuery,
  Subjects,
  type CompanyView,
  type PlanView,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { AllowExpiredCompany, Profiles, SuperOnly } from '../../auth/auth.decorators.js';
import type { GatewayRequest } from '../../auth/gateway-request.js';
import { ServiceClient } from '../service-client.js';

type CompanyWithPlan = Omit<CompanyView, 'plan'> & { plan: PlanView | CompanyView['plan'] };

/** The family's companies screen (a page with each company's whole plan) and its checkout. */
@ApiTags('companies')
@ApiBearerAuth()
@Controller()
export class FamilyBillingController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get(ApiRoutes.family.companiesPlan)
  @SuperOnly()
  @ApiOperation({ summary: 'A page of companies, each with its whole plan (super user)' })
  async companiesPlan(
    @Req() req: GatewayRequest,
    @Query() query: unknown,
  ): Promise<{ companies: CompanyWithPlan[]; hasMore: boolean; count: number }> {
    const filter = parseInput(CompanyListQuery, query ?? {});
    const [page, plans] = await Promise.all([
      this.services.ask(req, Subjects.identity.companyPage, filter),
      this.services.ask(req, Subjects.identity.planListAll, {}),
    ]);
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    return {
      ...page,
      companies: page.companies.map((company) => ({
        ...company,
        plan: byId.get(company.planId) ?? company.plan,
      })),
    };
  }

  /**
   * The family's checkout creates a charge at its payment provider. This server has none: it answers
   * ERR_NO_PAYMENT_PROVIDER (501) so the screen shows why, and invoices are paid outside the app.
   */
  @Post(ApiRoutes.family.subscription)
  @Profiles('admin')
  @AllowExpiredCompany()
  @ApiOperation({
    summary: 'Online payment of an invoice: not set up (501 ERR_NO_PAYMENT_PROVIDER)',
  })
  subscription(): never {
    throw new AppError('ERR_NO_PAYMENT_PROVIDER');
  }
}
