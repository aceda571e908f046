import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditLogQuery, Subjects, type AuditLogPage } from '@sb/contracts';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { ServiceClient } from './service-client.js';

/**
 * GET /audit-log (issue 16): the company's admins read their company's log; super users any company's
 * (`companyId`). There is no route that writes, changes or deletes an entry.
 */
@ApiTags('audit-log')
@ApiBearerAuth()
@Controller()
export class AuditLogController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('audit-log')
  @Profiles('admin')
  @ApiOperation({ summary: 'A page of the audit log, newest first, filtered' })
  list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<AuditLogPage> {
    return this.services.forward(req, Subjects.identity.auditList, AuditLogQuery, query);
  }
}
