import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  isErrorCode,
  ScheduleCreateInput,
  ScheduleInput,
  ScheduleListQuery,
  SchedulePageSize,
  shouldHideNumber,
  visibleContactNumber,
  type ContactRecord,
  type RequestContext,
  type ScheduleDeletedEventData,
  type ScheduleEventData,
  type ScheduleRecord,
  type SchedulesPage,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsDirectory } from '../directories/tickets-directory.js';
import { isEditable, mayDelete, mayRead, type ScheduleViewer } from './schedule-rules.js';
import { SchedulesRepository, type ScheduleRow } from './schedules.repository.js';
import { BusHandler } from '@sb/platform/nest';

const viewerOf = (ctx: RequestContext): ScheduleViewer => ({
  userId: ctx.userId,
  admin: ctx.profile === 'admin' || ctx.super,
});

/** A schedule as answered and announced; `hide` masks the contact's number (shouldHideNumber). */
export const toScheduleRecord = (row: ScheduleRow, hide: boolean): ScheduleRecord => ({
  id: row.id,
  body: row.body,
  sendAt: row.send_at.toISOString(),
  sentAt: row.sent_at ? row.sent_at.toISOString() : null,
  status: row.status,
  error: row.status === 'ERRO' && isErrorCode(row.error) ? row.error : null,
  contactId: row.contact_id,
  contact: {
    id: row.contact_id,
    name: row.contact_name,
    number: visibleContactNumber(row.contact_number, false, hide),
  },
  userId: row.user_id,
  user: { id: row.user_id, name: row.user_name },
  ticketId: row.ticket_id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Scheduled messages (spec 3 §2.8; spec 1 §7 "Schedules from a ticket"). An agent reads and edits their
 * own schedules, an admin every one of the company; only admins delete (BEHAVIOUR.md §8). A schedule
 * changes only while it waits (PENDENTE). The contact's name and number are kept as they were when saved.
 */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly schedules: SchedulesRepository,
    private readonly tickets: TicketsDirectory,
    private readonly identity: IdentityDirectory,
  ) {}

  @BusHandler(Subjects.campaigns.scheduleList)
  async page(call: CallContext, query: unknown): Promise<SchedulesPage> {
    const ctx = requireMember(call);
    const { searchParam, pageNumber, contactId } = parseInput(ScheduleListQuery, query ?? {});
    const viewer = viewerOf(ctx);
    const { rows, hasMore } = await this.schedules.page(
      ctx.companyId,
      { ownerId: viewer.admin ? null : ctx.userId, search: searchParam, contactId },
      (pageNumber - 1) * SchedulePageSize,
      SchedulePageSize,
    );
    const hide = await this.hidesFor(ctx);
    return { schedules: rows.map((row) => toScheduleRecord(row, hide)), hasMore };
  }

  @BusHandler(Subjects.campaigns.scheduleGet)
  async get(call: CallContext, request: unknown): Promise<ScheduleRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const [row, hide] = await Promise.all([this.visible(ctx, id), this.hidesFor(ctx)]);
    return toScheduleRecord(row, hide);
  }

  @BusHandler(Subjects.campaigns.scheduleCreate)
  async create(call: CallContext, data: unknown): Promise<ScheduleRecord> {
    const ctx = requireMember(call);
    const input = parseInput(ScheduleCreateInput, data ?? {});
    const [contact, userName, setting] = await Promise.all([
      this.tickets.contact(ctx, input.contactId),
      this.identity.userName(ctx, ctx.userId),
      this.identity.lgpdHideNumber(ctx.companyId, ctx),
    ]);
    const row = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.schedules.insert(manager, ctx.companyId, {
        userId: ctx.userId,
        userName,
        ...contactFields(contact),
        ticketId: input.ticketId ?? null,
        body: input.body,
        sendAt: input.sendAt,
      });
      return this.announce(manager, ctx.companyId, id, 'created', setting);
    });
    return toScheduleRecord(row, shouldHideNumber(setting, ctx.profile));
  }

  @BusHandler(Subjects.campaigns.scheduleUpdate)
  async update(call: CallContext, request: unknown): Promise<ScheduleRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const input = parseInput(ScheduleInput, request);
    const [before, setting] = await Promise.all([
      this.visible(ctx, id),
      this.identity.lgpdHideNumber(ctx.companyId, ctx),
    ]);
    // a new contact is looked up before the row is locked (no lock held across a bus call)
    const contact =
      input.contactId === before.contact_id
        ? {
            contactId: before.contact_id,
            contactName: before.contact_name,
            contactNumber: before.contact_number,
          }
        : contactFields(await this.tickets.contact(ctx, input.contactId));
    const updated = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.visible(ctx, id, manager);
      if (!isEditable(sender(row), new Date())) throw new AppError('ERR_SCHEDULE_NOT_EDITABLE');
      await this.schedules.update(manager, ctx.companyId, id, {
        ...contact,
        ticketId: input.ticketId ?? row.ticket_id,
        body: input.body,
        sendAt: input.sendAt,
      });
      return this.announce(manager, ctx.companyId, id, 'updated', setting);
    });
    return toScheduleRecord(updated, shouldHideNumber(setting, ctx.profile));
  }

  @BusHandler(Subjects.campaigns.scheduleDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.visible(ctx, id, manager);
      if (!mayDelete(viewerOf(ctx))) throw new AppError('ERR_NO_PERMISSION');
      // one being handed to tickets right now is sent anyway: refuse rather than pretend it was not
      if (row.status === 'PENDENTE' && !isEditable(sender(row), new Date())) {
        throw new AppError('ERR_SCHEDULE_NOT_EDITABLE');
      }
      await this.schedules.delete(manager, ctx.companyId, id);
      const data: ScheduleDeletedEventData = { scheduleId: id, userId: row.user_id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.scheduleDeleted,
        data,
      });
      return { id };
    });
  }

  /** Another user's schedule does not exist for an agent (404, like another company's). */
  private async visible(
    ctx: RequestContext,
    id: number,
    manager?: EntityManager,
  ): Promise<ScheduleRow> {
    const row = await this.schedules.find(ctx.companyId, id, manager, manager !== undefined);
    if (!row || !mayRead(viewerOf(ctx), { userId: row.user_id })) {
      throw new AppError('ERR_NO_SCHEDULE_FOUND');
    }
    return row;
  }

  private async announce(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
    /** lgpdHideNumber: the event reaches every profile of the company */
    setting: string,
  ): Promise<ScheduleRow> {
    const row = await this.schedules.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_SCHEDULE_FOUND');
    const schedule = toScheduleRecord(row, shouldHideNumber(setting, 'broadcast'));
    const data: ScheduleEventData = { schedule };
    const type =
      action === 'created'
        ? DomainEventTypes.campaigns.scheduleCreated
        : DomainEventTypes.campaigns.scheduleUpdated;
    await Outbox.add(manager, { companyId, ...type, data });
    return row;
  }

  /** Whether this caller's answers mask contact numbers (lgpdHideNumber, spec 1 §5). */
  private async hidesFor(ctx: RequestContext): Promise<boolean> {
    return shouldHideNumber(await this.identity.lgpdHideNumber(ctx.companyId, ctx), ctx.profile);
  }
}

const contactFields = (contact: ContactRecord) => ({
  contactId: contact.id,
  contactName: contact.name,
  contactNumber: contact.number,
});

export const sender = (row: ScheduleRow) => ({
  status: row.status,
  dueAt: row.due_at,
  lockedUntil: row.locked_until,
});
