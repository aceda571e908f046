import { Module } from '@nestjs/common';
import { AuditLogConsumer } from './audit-log.consumer.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit log of admin and super actions (issue 16). */
@Module({
  providers: [AuditRepository, AuditService, AuditLogConsumer],
})
export class AuditModule {}
