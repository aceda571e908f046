import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  Subjects,
  type CompanyFence,
  type CompanyFenceEventData,
} from '@sb/contracts';
import { requireSuper, type CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { CompanyFencesRepository } from './company-fences.repository.js';

/**
 * The fence of a company during a tenant operation (ARCHITECTURE.md §9): the column and its event are
 * written in the caller's transaction, so the fence and the operation's step commit together. Every
 * service applies the events (the gateway answers 503, connectors hold sessions and webhooks,
 * campaigns wait). Both calls are idempotent: a runner resuming a step may repeat them.
 */
@Injectable()
export class TenantFence {
  constructor(private readonly fences: CompanyFencesRepository) {}

  /**
   * Fences the company for the operation. Repeating it changes nothing; a company another operation
   * holds is refused (ERR_COMPANY_MAINTENANCE, its operation id in `details`).
   */
  async fence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    const outcome = await this.fences.fence(manager, companyId, operationId);
    if (outcome === 'missing') throw new AppError('ERR_NO_COMPANY_FOUND');
    if (outcome === 'held') {
      throw new AppError('ERR_COMPANY_MAINTENANCE', { details: { companyId } });
    }
    if (outcome === 'fenced') await this.announce(manager, 'companyFenced', companyId, operationId);
  }

  /** Lifts the fence when this operation holds it; otherwise (lifted already, another's) nothing. */
  async unfence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    if (await this.fences.unfence(manager, companyId, operationId)) {
      await this.announce(manager, 'companyUnfenced', companyId, operationId);
    }
  }

  /**
   * The companies fenced now, for a process that starts after the fence went up (the gateway). Super
   * users and the operator only: another process on the bus asks as the operator.
   */
  @BusHandler(Subjects.identity.companyFencedList)
  async list(ctx: CallContext): Promise<CompanyFence[]> {
    requireSuper(ctx);
    return this.fences.list();
  }

  private async announce(
    manager: EntityManager,
    type: 'companyFenced' | 'companyUnfenced',
    companyId: number,
    operationId: string,
  ): Promise<void> {
    const data: CompanyFenceEventData = { companyId, operationId };
    await Outbox.add(manager, { companyId, ...DomainEventTypes.identity[type], data });
  }
}
