import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type InvoiceView } from '@sb/contracts';
import { AllowExpiredCompany, Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { ServiceClient } from './service-client.js';

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
    return this.services.request(Subjects.identity.invoiceList, req.sb.ctx, {});
  }
}
