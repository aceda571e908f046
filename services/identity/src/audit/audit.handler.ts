import { Injectable } from '@nestjs/common';
import { Subjects, type AuditLogPage } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { requireCaller } from '../users/user-rules.js';
import { AuditService } from './audit.service.js';

@Injectable()
export class AuditHandler {
  constructor(private readonly audit: AuditService) {}

  @BusHandler(Subjects.identity.auditList)
  list(data: unknown, ctx: CallContext): Promise<AuditLogPage> {
    return this.audit.list(requireCaller(ctx), data);
  }
}
