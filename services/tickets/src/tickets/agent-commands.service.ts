import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  canSeeTicket,
  CloseImportedTicketsInput,
  DomainEventTypes,
  hasPermission,
  TicketCloseAllInput,
  TicketCreateInput,
  TicketUpdateInput,
  type CloseImportedTicketsReply,
  type ConnectionRecord,
  type RequestContext,
  type TicketDeletedEventData,
  type TicketEventData,
  type TicketRecord,
  type TicketStatus,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation, Transactions } from '@sb/platform/db';
import { orCreationFailure } from '../records/creation-failures.js';
import { recordEvent } from '../records/record-changes.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import type { Ticket } from './core/ticket.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import {
  logsOfChange,
  mayTakeQueue,
  planTicketChange,
  workingStatus,
} from './core/ticket-rules.js';
import { TicketRecords } from './core/ticket-records.js';
import { TicketsRepository, type TicketWrite } from './core/tickets.repository.js';
import { TicketUpdateSteps } from './ticket-update-steps.js';
import { closedFields, TicketWrites, type PendingText } from './ticket-writes.js';
import { BusHandler } from '@sb/platform/nest';

/** What an agent (or admin) does to tickets: create, update, delete, close many. */
@Injectable()
export class AgentTicketCommands {
  constructor(
    private readonly transactions: Transactions,
    private readonly tickets: TicketsRepository,
    private readonly views: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly visibility: NumberVisibility,
    private readonly writes: TicketWrites,
    private readonly steps: TicketUpdateSteps,
  ) {}

  /** POST /tickets: a new ticket for a contact, unless one is already active on that connection. */
  @BusHandler(Subjects.tickets.ticketCreate)
  async create(call: CallContext, data: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const input = parseInput(TicketCreateInput, data ?? {});
    const admin = ctx.profile === 'admin' || ctx.super;
    if (!input.queueId && !admin)
      throw new AppError('ERR_VALIDATION', { fields: { queueId: ['Selecione uma fila'] } });
    if (input.status === 'closed' || input.status === 'nps' || input.status === 'lgpd')
      throw new AppError('ERR_VALIDATION', { fields: { status: ['Invalid status'] } });
    const [hide, connections, users] = await Promise.all([
      this.visibility.of(ctx),
      this.connectors.connections(ctx),
      this.identity.users(ctx),
    ]);
    const contact = await this.tickets.contact(ctx.companyId, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (input.queueId && !(await this.tickets.queueExists(ctx.companyId, input.queueId)))
      throw new AppError('ERR_NO_QUEUE_FOUND');
    const connection = this.pickConnection(connections, input.whatsappId, contact.channel);
    const userId = admin && input.userId ? input.userId : ctx.userId;
    if (users.size && !users.has(userId)) throw new AppError('ERR_NO_USER_FOUND');
    const groupAsTicket = connection?.groupAsTicket === 'enabled';
    const status: TicketStatus =
      input.status === 'pending' ? 'pending' : workingStatus(contact.isGroup, groupAsTicket);
    try {
      return await this.transactions.inTenant(ctx.companyId, async (manager) => {
        const active = await this.tickets.findActive(
          ctx.companyId,
          contact.id,
          connection?.id ?? null,
          manager,
        );
        if (active) throw await this.writes.otherOpen(ctx, active, manager);
        const now = new Date();
        const row = await orCreationFailure('ERR_CREATING_TICKET', () =>
          this.tickets.insert(manager, ctx.companyId, {
            uuid: randomUUID(),
            status,
            isGroup: contact.isGroup,
            channel: contact.channel,
            contactId: contact.id,
            whatsappId: connection?.id ?? null,
            queueId: input.queueId ?? null,
            userId: status === 'pending' ? null : userId,
          }),
        );
        await this.tickets.startTracking(manager, row, {
          queuedAt: row.queueId ? now : null,
          startedAt: status === 'pending' ? null : now,
        });
        await this.tickets.addLog(
          manager,
          ctx.companyId,
          row.id,
          'create',
          ctx.userId,
          row.queueId,
        );
        if (status !== 'pending')
          await this.tickets.addLog(
            manager,
            ctx.companyId,
            row.id,
            'open',
            row.userId,
            row.queueId,
          );
        return this.writes.announce(ctx, manager, row.id, hide);
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const active = await this.tickets.findActive(
          ctx.companyId,
          contact.id,
          connection?.id ?? null,
        );
        if (active) throw await this.writes.otherOpen(ctx, active);
        // the conflicting ticket closed meanwhile: nothing to point at, the creation just failed
        throw new AppError('ERR_CREATING_TICKET');
      }
      throw err;
    }
  }

  /** PUT /tickets/:id: accept, reopen, return to queue, transfer, close, or field changes. */
  @BusHandler(Subjects.tickets.ticketUpdate)
  async update(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const input = parseInput(TicketUpdateInput, request ?? {});
    const [viewer, hide, connections, users, settings] = await Promise.all([
      this.identity.viewer(ctx),
      this.visibility.of(ctx),
      this.connectors.connections(ctx),
      this.identity.users(ctx),
      this.steps.settings(ctx),
    ]);
    if (input.queueId && !(await this.tickets.queueExists(ctx.companyId, input.queueId)))
      throw new AppError('ERR_NO_QUEUE_FOUND');
    if (input.userId && users.size && !users.has(input.userId))
      throw new AppError('ERR_NO_USER_FOUND');
    if (input.whatsappId && connections.size && !connections.has(input.whatsappId))
      throw new AppError('ERR_NO_WAPP_FOUND');
    const texts: PendingText[] = [];
    const result = await this.transactions
      .inTenant(ctx.companyId, async (manager) => {
        const row = await this.tickets.lock(ctx.companyId, id, manager);
        if (!row || !canSeeTicket(viewer, row)) throw new AppError('ERR_NO_TICKET_FOUND');
        const connection = row.whatsappId !== null ? connections.get(row.whatsappId) : undefined;
        const change = planTicketChange(
          row,
          input,
          ctx.userId,
          connection?.groupAsTicket === 'enabled',
          viewer.admin,
        );
        if (typeof change === 'string') throw new AppError(change);
        if (change.kind === 'taken') return this.views.record(ctx, row, hide.caller, manager);
        // a user takes a ticket only into their own queues (an admin into any)
        if (
          (change.kind === 'accept' || change.kind === 'reopen') &&
          !mayTakeQueue(viewer, row.queueId, change.queueId)
        )
          throw new AppError('ERR_NO_PERMISSION');
        if (change.kind === 'reopen') {
          const other = await this.tickets.findActive(
            ctx.companyId,
            row.contactId,
            row.whatsappId,
            manager,
            row.id,
          );
          // another active ticket of the contact and connection: answered unchanged ("taken by")
          if (other) return this.views.record(ctx, other, hide.caller, manager);
        }
        const previousStatus = row.status;
        const fields = this.fieldChanges(input);
        await this.steps.apply(
          ctx,
          manager,
          row,
          change,
          fields,
          settings,
          connection,
          users,
          texts,
        );
        if (Object.keys(fields).length)
          await this.tickets.update(manager, ctx.companyId, row.id, fields);
        // a close that only waits for the rating logged "nps" instead of "closed"
        const logs = logsOfChange(change, row, ctx.userId).filter(
          (log) => !(log.type === 'closed' && fields.status === 'nps'),
        );
        for (const log of logs)
          await this.tickets.addLog(
            manager,
            ctx.companyId,
            row.id,
            log.type,
            log.userId,
            log.queueId,
          );
        return this.writes.announce(ctx, manager, row.id, hide, previousStatus);
      })
      .catch(async (err: unknown) => {
        // a reopen or connection change racing another active ticket of the contact and connection
        if (!isUniqueViolation(err)) throw err;
        const row = await this.tickets.findById(ctx.companyId, id);
        const active =
          row &&
          (await this.tickets.findActive(
            ctx.companyId,
            row.contactId,
            input.whatsappId ?? row.whatsappId,
            undefined,
            row.id,
          ));
        throw active ? await this.writes.otherOpen(ctx, active) : err;
      });
    await this.writes.sendTexts(texts);
    return result;
  }

  /** DELETE /tickets/:id (permission ticket-options:deleteTicket). */
  @BusHandler(Subjects.tickets.ticketDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    if (!hasPermission(ctx, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION');
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(ctx.companyId, id, manager);
      if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
      await this.tickets.delete(manager, ctx.companyId, id);
      const data: TicketDeletedEventData = { ticketId: id, status: row.status };
      await recordEvent(manager, ctx.companyId, {
        ...DomainEventTypes.tickets.ticketDeleted,
        data,
      });
      return { id };
    });
  }

  /**
   * POST /tickets/closeAll (permission tickets-manager:closeAll): closes the chosen queues' active
   * tickets, or only those of the tab's status (open or pending) when the body names one.
   */
  @BusHandler(Subjects.tickets.ticketCloseAll)
  async closeAll(call: CallContext, data: unknown): Promise<{ count: number }> {
    const ctx = requireMember(call);
    if (!hasPermission(ctx, 'tickets-manager:closeAll')) throw new AppError('ERR_NO_PERMISSION');
    const input = parseInput(TicketCloseAllInput, data ?? {});
    if (!input.queueIds.length) return { count: 0 };
    // the tab being closed (open or pending), or both
    const statuses = input.status === 'closed' ? undefined : [input.status];
    const closed = await this.closeMany(ctx, (manager) =>
      this.tickets.activeInQueues(manager, ctx.companyId, input.queueIds, statuses),
    );
    return { count: closed };
  }

  /**
   * POST /closedimported/:id (through connectors, which checks the connection is the caller's): closes
   * the tickets the connection's history import opened, without farewell (nobody wrote in them).
   */
  @BusHandler(Subjects.tickets.ticketCloseImported)
  async closeImported(call: CallContext, data: unknown): Promise<CloseImportedTicketsReply> {
    const ctx = requireMember(call);
    requireAdmin(ctx);
    const { connectionId } = parseInput(CloseImportedTicketsInput, data ?? {});
    const closed = await this.closeMany(ctx, (manager) =>
      this.tickets.importedActive(manager, ctx.companyId, connectionId),
    );
    return { closed };
  }

  /** Closes the tickets `pick` locks, in one transaction, with one ticket event each. */
  private async closeMany(
    ctx: RequestContext,
    pick: (manager: EntityManager) => Promise<Ticket[]>,
  ): Promise<number> {
    const hide = await this.visibility.of(ctx);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const rows = await pick(manager);
      const now = new Date();
      for (const row of rows) {
        await this.writes.writeClose(manager, row, {
          fields: { status: 'closed', ...closedFields() },
          at: now,
          log: 'closed',
          userId: ctx.userId,
        });
      }
      const updated = await this.tickets.findByIds(
        ctx.companyId,
        rows.map((r) => r.id),
        manager,
      );
      const records = await this.views.records(ctx, updated, hide.company, manager);
      const before = new Map(rows.map((r) => [r.id, r.status]));
      for (const ticket of records) {
        const event: TicketEventData = { ticket, previousStatus: before.get(ticket.id) };
        await recordEvent(manager, ctx.companyId, {
          ...DomainEventTypes.tickets.ticketUpdated,
          data: event,
        });
      }
      return rows.length;
    });
  }

  /** The connection of a new ticket: the one asked for, else the company's default for the channel. */
  private pickConnection(
    connections: Map<number, ConnectionRecord>,
    whatsappId: number | null | undefined,
    channel: string,
  ): ConnectionRecord | { id: number; groupAsTicket: string } | null {
    if (whatsappId) {
      const found = connections.get(whatsappId);
      if (found) return found;
      if (connections.size) throw new AppError('ERR_NO_WAPP_FOUND');
      // connectors not answering: keep the id the caller chose
      return { id: whatsappId, groupAsTicket: 'disabled' };
    }
    const all = [...connections.values()];
    return (
      all.find((c) => c.isDefault && c.channel === channel) ??
      all.find((c) => c.channel === channel) ??
      null
    );
  }

  /** The plain field changes a PUT carries besides its status (prompt, bot counter, integration). */
  private fieldChanges(input: TicketUpdateInput): TicketWrite {
    const fields: TicketWrite = {};
    if (input.promptId !== undefined) fields.promptId = input.promptId;
    if (input.amountUsedBotQueues !== undefined)
      fields.amountUsedBotQueues = input.amountUsedBotQueues;
    if (input.useIntegration !== undefined) fields.useIntegration = input.useIntegration;
    if (input.whatsappId) fields.whatsappId = input.whatsappId;
    return fields;
  }
}
