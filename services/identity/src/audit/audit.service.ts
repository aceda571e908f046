import { Injectable } from '@nestjs/common';
import {
  AuditLogPageSize,
  AuditLogQuery,
  type AuditLogPage,
  type AuditRecordedEventData,
  type DomainEvent,
  Subjects,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { type Caller } from '../users/user-rules.js';
import { AuditRepository } from './audit.repository.js';
import { BusHandler } from '@sb/platform/nest';
import { requireMember } from '@sb/platform/context';

/** Who reads the audit log: the company's admins, and super users (any company). */
export const auditCompanyOf = (caller: Caller, requested: number | undefined): number => {
  if (caller.super) return requested ?? caller.companyId;
  if (caller.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  return caller.companyId;
};

/** The audit log (issue 16): appended from audit events, read a page at a time, never edited. */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  @BusHandler(Subjects.identity.auditList, requireMember)
  async list(caller: Caller, data: unknown): Promise<AuditLogPage> {
    const query = parseInput(AuditLogQuery, data ?? {});
    const companyId = auditCompanyOf(caller, query.companyId);
    const offset = (query.pageNumber - 1) * AuditLogPageSize;
    const { entries, count } = await this.audit.page(companyId, query, offset, AuditLogPageSize);
    return { entries, count, hasMore: offset + entries.length < count };
  }

  /** One audit event into the company's log, with the actor's name as identity knows it now. */
  async append(event: DomainEvent<AuditRecordedEventData>, manager: EntityManager): Promise<void> {
    const actorName = await this.audit.actorName(manager, event.data.actorUserId);
    await this.audit.append(manager, event.companyId, { ...event.data, actorName });
  }
}
