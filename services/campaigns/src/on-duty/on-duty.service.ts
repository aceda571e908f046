import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  OnDutyInput,
  OnDutyNowRequest,
  type OnDutyDeletedEventData,
  type OnDutyEventData,
  type OnDutyNowReply,
  type OnDutyRecord,
  type RequestContext,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { ENV, BusHandler } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { isOnDuty } from './on-duty-rules.js';
import { usableTimeZone } from '@sb/platform/clock';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { toOnDutyRecord, type OnDutyWrite } from './on-duty.entity.js';
import { OnDutyRepository } from './on-duty.repository.js';

/**
 * On-duty staff (spec 3 §2.17): CRUD of a company's entries and the question the tickets service asks
 * before alerting, "who is on duty at this moment?". The user must be one of the company's (identity
 * answers), and their name is kept as it was when saved.
 */
@Injectable()
export class OnDutyService {
  private readonly timeZone: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly entries: OnDutyRepository,
    private readonly identity: IdentityDirectory,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    this.timeZone = usableTimeZone(env.COMPANY_TIME_ZONE);
  }

  @BusHandler(Subjects.campaigns.onDutyList)
  async list(call: CallContext): Promise<OnDutyRecord[]> {
    const ctx = requireMember(call);
    return (await this.entries.list(ctx.companyId)).map(toOnDutyRecord);
  }

  @BusHandler(Subjects.campaigns.onDutyGet)
  async get(call: CallContext, request: unknown): Promise<OnDutyRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return toOnDutyRecord(await this.found(ctx.companyId, id));
  }

  @BusHandler(Subjects.campaigns.onDutyCreate)
  async create(call: CallContext, data: unknown): Promise<OnDutyRecord> {
    const ctx = requireAdmin(call);
    const write = await this.writeOf(ctx, data);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.entries.insert(manager, ctx.companyId, write);
      return this.announce(manager, ctx.companyId, id, 'created');
    });
  }

  @BusHandler(Subjects.campaigns.onDutyUpdate)
  async update(call: CallContext, request: unknown): Promise<OnDutyRecord> {
    const ctx = requireAdmin(call);
    const id = requestedId(request);
    await this.found(ctx.companyId, id);
    // the user is looked up before the row is locked (no lock held across a bus call)
    const write = await this.writeOf(ctx, request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.found(ctx.companyId, id, manager);
      await this.entries.update(manager, ctx.companyId, id, write);
      return this.announce(manager, ctx.companyId, id, 'updated');
    });
  }

  @BusHandler(Subjects.campaigns.onDutyDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireAdmin(call);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.found(ctx.companyId, id, manager);
      await this.entries.delete(manager, ctx.companyId, id);
      const data: OnDutyDeletedEventData = { onDutyId: id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.onDutyDeleted,
        data,
      });
      return { id };
    });
  }

  /**
   * The entries on duty at `at`, on the wall clock of the company's time zone the caller sends (else
   * COMPANY_TIME_ZONE, default America/Sao_Paulo). Asked by the tickets service for its own company only.
   */
  @BusHandler(Subjects.campaigns.onDutyNow)
  async onDuty(call: CallContext, request: unknown): Promise<OnDutyNowReply> {
    const { companyId, at, timeZone } = parseInput(OnDutyNowRequest, request ?? {});
    if (call.profile === 'anonymous' || call.companyId !== companyId) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    const zone = timeZone ? usableTimeZone(timeZone) : this.timeZone;
    const rows = await this.entries.list(companyId);
    return {
      entries: rows.filter((row) => isOnDuty(row.days, at, zone)).map(toOnDutyRecord),
    };
  }

  private async writeOf(ctx: RequestContext, data: unknown): Promise<OnDutyWrite> {
    const input = parseInput(OnDutyInput, data ?? {});
    const user = await this.identity.user(ctx, input.userId);
    return {
      userId: user.id,
      userName: user.name,
      phone: input.phone,
      interval: input.interval,
      days: input.days,
    };
  }

  /** Another company's entry does not exist for the caller. */
  private async found(companyId: number, id: number, manager?: EntityManager) {
    const row = await this.entries.find(companyId, id, manager, manager !== undefined);
    if (!row) throw new AppError('ERR_NO_PLANTAO_FOUND');
    return row;
  }

  private async announce(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
  ): Promise<OnDutyRecord> {
    const row = await this.entries.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_PLANTAO_FOUND');
    const entry = toOnDutyRecord(row);
    const data: OnDutyEventData = { entry };
    const type =
      action === 'created'
        ? DomainEventTypes.campaigns.onDutyCreated
        : DomainEventTypes.campaigns.onDutyUpdated;
    await Outbox.add(manager, { companyId, ...type, data });
    return entry;
  }
}
