import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  CompanyInput,
  CompanyListQuery,
  CompanySchedulesInput,
  CompanyUpdateInput,
  Subjects,
  type CompaniesPage,
  type CompanyPlanView,
  type CompanyRecordView,
  type CompanySchedulesView,
  type CompanyView,
  IdParam,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles, SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const companyIdParam = z.object({ companyId: recordId });

/** Company administration (super only), plus schedules and the plan a company's own users may use. */
@ApiTags('companies')
@ApiBearerAuth()
@Controller('companies')
export class CompaniesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @SuperOnly()
  @ApiOperation({
    summary:
      'Companies, 20 per page by name: { companies, hasMore, count }; each with connectionsCount and queuesCount',
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<CompaniesPage> {
    const data = parseInput(CompanyListQuery, query ?? {});
    return this.services.request(Subjects.identity.companyPage, req.sb.ctx, data);
  }

  @Get('list')
  @SuperOnly()
  @ApiOperation({ summary: 'Every company, by name' })
  listAll(@Req() req: GatewayRequest): Promise<CompanyView[]> {
    return this.services.request(Subjects.identity.companyListAll, req.sb.ctx, {});
  }

  /** Identity answers 404 for another company unless the caller is the super user. */
  @Get('listPlan/:companyId')
  @ApiOperation({ summary: "A company's plan with its flags (own company, or any for super)" })
  plan(
    @Req() req: GatewayRequest,
    @Param('companyId') companyId: string,
  ): Promise<CompanyPlanView> {
    const data = parseInput(companyIdParam, { companyId });
    return this.services.request(Subjects.identity.companyPlan, req.sb.ctx, data);
  }

  @Get(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'One company, with the count of its connections and queues' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CompanyRecordView> {
    return this.services.request(
      Subjects.identity.companyGet,
      req.sb.ctx,
      parseInput(IdParam, { id }),
    );
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates a company and its first admin user (email + password)' })
  @ApiBody({ schema: openApiSchema(CompanyInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<CompanyView> {
    const data = parseInput(CompanyInput, body ?? {});
    return this.services.request(Subjects.identity.companyCreate, req.sb.ctx, data);
  }

  @Get(':id/schedules')
  @Profiles('admin')
  @ApiOperation({
    summary: "A company's per-weekday schedules (super, or an admin of that company)",
  })
  getSchedules(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CompanySchedulesView> {
    const params = parseInput(IdParam, { id });
    return this.services.request(Subjects.identity.companySchedulesGet, req.sb.ctx, params);
  }

  @Put(':id/schedules')
  @Profiles('admin')
  @ApiOperation({ summary: 'Per-weekday schedules (super, or an admin of that company)' })
  @ApiBody({ schema: openApiSchema(CompanySchedulesInput) })
  schedules(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<CompanyView> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(CompanySchedulesInput, body ?? {});
    return this.services.request(Subjects.identity.companySchedules, req.sb.ctx, {
      ...input,
      id: params.id,
    });
  }

  /** A later dueDate (the due-date button) also records the settled period as a paid invoice. */
  @Put(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Updates a company; advancing dueDate records an invoice' })
  @ApiBody({ schema: openApiSchema(CompanyUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<CompanyView> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(CompanyUpdateInput, body ?? {});
    return this.services.request(Subjects.identity.companyUpdate, req.sb.ctx, {
      ...input,
      id: params.id,
    });
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes a company (never company 1)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const data = parseInput(IdParam, { id });
    return this.services.request(Subjects.identity.companyDelete, req.sb.ctx, data);
  }
}
