import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  PlantaoInput,
  PlantaoOnDutyRequest,
  type PlantaoDeletedEventData,
  type PlantaoEventData,
  type PlantaoOnDutyReply,
  type PlantaoRecord,
  type RequestContext,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { ENV } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { requireAdmin, requireMember } from '../access.js';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { isOnDuty } from './on-duty-rules.js';
import { usableTimeZone } from '@sb/platform/clock';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { toPlantaoRecord, type PlantaoWrite } from './plantao.entity.js';
import { PlantaoRepository } from './plantao.repository.js';

const IdRequest = z.object({ id: z.coerce.number().int().positive() });

/**
 * On-duty staff (spec 3 §2.17): CRUD of a company's entries and the question the tickets service asks
 * before alerting, "who is on duty at this moment?". The user must be one of the company's (identity
 * answers), and their name is kept as it was when saved.
 */
@Injectable()
export class PlantaoService {
  private readonly timeZone: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly plantao: PlantaoRepository,
    private readonly identity: IdentityDirectory,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    this.timeZone = usableTimeZone(env.COMPANY_TIME_ZONE);
  }

  async list(call: CallContext): Promise<PlantaoRecord[]> {
    const ctx = requireMember(call);
    return (await this.plantao.list(ctx.companyId)).map(toPlantaoRecord);
  }

  async get(call: CallContext, request: unknown): Promise<PlantaoRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(IdRequest, request ?? {});
    return toPlantaoRecord(await this.found(ctx.companyId, id));
  }

  async create(call: CallContext, data: unknown): Promise<PlantaoRecord> {
    const ctx = requireAdmin(call);
    const write = await this.writeOf(ctx, data);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.plantao.insert(manager, ctx.companyId, write);
      return this.announce(manager, ctx.companyId, id, 'created');
    });
  }

  async update(call: CallContext, request: unknown): Promise<PlantaoRecord> {
    const ctx = requireAdmin(call);
    const { id } = parseInput(IdRequest, request ?? {});
    await this.found(ctx.companyId, id);
    // the user is looked up before the row is locked (no lock held across a bus call)
    const write = await this.writeOf(ctx, request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.found(ctx.companyId, id, manager);
      await this.plantao.update(manager, ctx.companyId, id, write);
      return this.announce(manager, ctx.companyId, id, 'updated');
    });
  }

  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireAdmin(call);
    const { id } = parseInput(IdRequest, request ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.found(ctx.companyId, id, manager);
      await this.plantao.delete(manager, ctx.companyId, id);
      const data: PlantaoDeletedEventData = { plantaoId: id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.plantaoDeleted,
        data,
      });
      return { id };
    });
  }

  /**
   * The entries on duty at `at`, on the wall clock of the company's time zone the caller sends (else
   * COMPANY_TIME_ZONE, default America/Sao_Paulo). Asked by the tickets service for its own company only.
   */
  async onDuty(call: CallContext, request: unknown): Promise<PlantaoOnDutyReply> {
    const { companyId, at, timeZone } = parseInput(PlantaoOnDutyRequest, request ?? {});
    if (call.profile === 'anonymous' || call.companyId !== companyId) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    const zone = timeZone ? usableTimeZone(timeZone) : this.timeZone;
    const rows = await this.plantao.list(companyId);
    return {
      entries: rows.filter((row) => isOnDuty(row.days, at, zone)).map(toPlantaoRecord),
    };
  }

  private async writeOf(ctx: RequestContext, data: unknown): Promise<PlantaoWrite> {
    const input = parseInput(PlantaoInput, data ?? {});
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
    const row = await this.plantao.find(companyId, id, manager, manager !== undefined);
    if (!row) throw new AppError('ERR_NO_PLANTAO_FOUND');
    return row;
  }

  private async announce(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
  ): Promise<PlantaoRecord> {
    const row = await this.plantao.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_PLANTAO_FOUND');
    const plantao = toPlantaoRecord(row);
    const data: PlantaoEventData = { plantao };
    const type =
      action === 'created'
        ? DomainEventTypes.campaigns.plantaoCreated
        : DomainEventTypes.campaigns.plantaoUpdated;
    await Outbox.add(manager, { companyId, ...type, data });
    return plantao;
  }
}
