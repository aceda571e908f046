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
  CompanyExportRequest,
  CompanyInput,
  CompanyListQuery,
  CompanySchedulesInput,
  CompanyUpdateInput,
  Subjects,
  type CompaniesPage,
  type CompanyEraseReply,
  type CompanyPlanView,
  type CompanyRecordView,
  type CompanySchedulesView,
  type CompanyView,
  type TenantOperationView,
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
      'Companies, 20 per page by name: { companies, hasMore, count }; each with connectionsCount, queuesCount and storage { rows, bytes, mediaBytes }',
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<CompaniesPage> {
    return this.services.forward(req, Subjects.identity.companyPage, CompanyListQuery, query);
  }

  @Get('list')
  @SuperOnly()
  @ApiOperation({ summary: 'Every company, by name' })
  listAll(@Req() req: GatewayRequest): Promise<CompanyView[]> {
    return this.services.ask(req, Subjects.identity.companyListAll, {});
  }

  /** Identity answers 404 for another company unless the caller is the super user. */
  @Get('listPlan/:companyId')
  @ApiOperation({ summary: "A company's plan with its flags (own company, or any for super)" })
  plan(
    @Req() req: GatewayRequest,
    @Param('companyId') companyId: string,
  ): Promise<CompanyPlanView> {
    return this.services.forward(req, Subjects.identity.companyPlan, companyIdParam, { companyId });
  }

  @Get(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'One company, with the count of its connections and queues' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CompanyRecordView> {
    return this.services.forward(req, Subjects.identity.companyGet, IdParam, { id });
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates a company and its first admin user (email + password)' })
  @ApiBody({ schema: openApiSchema(CompanyInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<CompanyView> {
    return this.services.forward(req, Subjects.identity.companyCreate, CompanyInput, body);
  }

  @Get(':id/schedules')
  @Profiles('admin')
  @ApiOperation({
    summary: "A company's per-weekday schedules (super, or an admin of that company)",
  })
  getSchedules(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CompanySchedulesView> {
    return this.services.forward(req, Subjects.identity.companySchedulesGet, IdParam, { id });
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
    return this.services.ask(req, Subjects.identity.companySchedules, {
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
    return this.services.ask(req, Subjects.identity.companyUpdate, {
      ...input,
      id: params.id,
    });
  }

  /** The key stays in the request: identity keeps it sealed while the export runs, then forgets it. */
  @Post(':id/export')
  @SuperOnly()
  @ApiOperation({
    summary:
      'Exports a company (never company 1) into one bundle encrypted with { key } (12+ characters); answers the operation after at most 5 s, its link at GET /tenant-operations/:id/bundle once done',
  })
  @ApiBody({ schema: openApiSchema(CompanyExportRequest) })
  export(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<TenantOperationView> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(CompanyExportRequest.pick({ key: true }), body ?? {});
    return this.services.ask(req, Subjects.identity.tenantOperationExport, {
      id: params.id,
      key: input.key,
    });
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({
    summary:
      'Erases a company (never company 1): switched off at once, then every service forgets its data; answers { id, operation } after at most 5 s',
  })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CompanyEraseReply> {
    return this.services.forward(req, Subjects.identity.companyDelete, IdParam, { id });
  }
}
