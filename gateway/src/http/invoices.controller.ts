import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  InvoiceInput,
  InvoiceUpdateInput,
  Subjects,
  type InvoiceView,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { AllowExpiredCompany, Profiles, SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.identity;

@ApiTags('invoices')
@ApiBearerAuth()
@Controller('invoices')
export class InvoicesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** Reachable by an expired company: its admins see what to pay on /financeiro-aberto. */
  @Get('all')
  @Profiles('admin')
  @AllowExpiredCompany()
  @ApiOperation({ summary: "The caller's company's invoices, newest due date first" })
  list(@Req() req: GatewayRequest): Promise<InvoiceView[]> {
    return this.services.ask(req, S.invoiceList, {});
  }

  /** The family front ends' name for the same list (they call it without a session; we need one). */
  @Get('list')
  @Profiles('admin')
  @AllowExpiredCompany()
  @ApiOperation({ summary: "The caller's company's invoices (the family front ends' path)" })
  listFamily(@Req() req: GatewayRequest): Promise<InvoiceView[]> {
    return this.services.ask(req, S.invoiceList, {});
  }

  @Get(':id')
  @Profiles('admin')
  @AllowExpiredCompany()
  @ApiOperation({ summary: "One invoice: an admin's own company's, any for the super user" })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<InvoiceView> {
    return this.services.forward(req, S.invoiceGet, IdParam, { id });
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Adds a charge to a company (super user)' })
  @ApiBody({ schema: openApiSchema(InvoiceInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<InvoiceView> {
    return this.services.forward(req, S.invoiceCreate, InvoiceInput, body);
  }

  @Put(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Changes an invoice (super user); fields left out keep their values' })
  @ApiBody({ schema: openApiSchema(InvoiceUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<InvoiceView> {
    return this.services.ask(req, S.invoiceUpdate, {
      ...parseInput(InvoiceUpdateInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes an invoice (super user)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.invoiceDelete, IdParam, { id });
  }
}
