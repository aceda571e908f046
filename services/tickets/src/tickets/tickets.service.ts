import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  canSeeTicket,
  CloseImportedTicketsInput,
  DomainEventTypes,
  hasPermission,
  TicketCloseAllInput,
  TicketCreateInput,
  TicketListQuery,
  TicketsPageSize,
  TicketUpdateInput,
  type CloseImportedTicketsReply,
  type ConnectionRecord,
  type RequestContext,
  type TicketAccessReply,
  type TicketDeletedEventData,
  type TicketEventData,
  type TicketLogRecord,
  type TicketLogType,
  type TicketRecord,
  type TicketsPage,
  type TicketStatus,
  type TicketViewer,
} from '@sb/contracts';
import { type CallContext, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import type { Clock } from '@sb/platform/clock';
import { CLOCK, LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { AutomationJobs } from '../ticket-core/automation-jobs.repository.js';
import { isUniqueViolation, orCreationFailure } from '../records/creation-failures.js';
import { recordEvent } from '../records/record-changes.js';
import { containsPattern, searchText } from '../contacts/contact-search.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import { systemContext } from '../directories/system-context.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import type { Ticket } from '../ticket-core/ticket.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import {
  listConditions,
  listsNewestPerContact,
  logsOfChange,
  mayTakeQueue,
  planTicketChange,
  transferText,
  workingStatus,
  type TicketChange,
} from '../ticket-core/ticket-rules.js';
import { toTicketHolder, TicketRecords } from '../ticket-core/ticket-records.js';
import {
  TicketsRepository,
  type TicketWrite,
  type TrackingWrite,
} from '../ticket-core/tickets.repository.js';
import { BOT_TEXTS } from '../bot-language/bot-language.module.js';
import type { BotTexts } from '../bot-language/bot-texts.js';

const IdInput = z.object({ id: z.coerce.number().int().positive() });
const UuidInput = z.object({ uuid: z.string().uuid() });
const TicketIdInput = z.object({ ticketId: z.coerce.number().int().positive() });

/** A text to send on a ticket once the transaction committed. */
type PendingText = { ticket: Ticket; text: string };

type Hide = { company: boolean; caller: boolean };

/** Settings a PUT reads (company settings, identity). */
type UpdateSettings = {
  requiredTag: boolean;
  userRating: boolean;
  sendGreetingAccepted: boolean;
  sendMsgTransfTicket: boolean;
  sendFarewellWaitingTicket: boolean;
};

@Injectable()
export class TicketsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly tickets: TicketsRepository,
    private readonly views: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly visibility: NumberVisibility,
    private readonly outbound: OutboundMessages,
    private readonly jobs: AutomationJobs,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BOT_TEXTS) private readonly texts: BotTexts,
  ) {}

  /** GET /tickets: one page of 40 by updatedAt, newest first (BEHAVIOUR.md §5 List). */
  async list(call: CallContext, query: unknown): Promise<TicketsPage> {
    const ctx = requireMember(call);
    const filter = parseInput(TicketListQuery, query ?? {});
    const viewer = await this.identity.viewer(ctx);
    const text = filter.searchParam ? searchText(filter.searchParam) : '';
    const digits = filter.searchParam?.replace(/\D/g, '') ?? '';
    const condition = listConditions(
      ctx.companyId,
      viewer,
      filter,
      text ? containsPattern(text) : null,
      digits.length >= 3 ? containsPattern(digits) : null,
    );
    const offset = (filter.pageNumber - 1) * TicketsPageSize;
    // a status tab reads its page, the rows' contacts, queues and tags and its count in one statement;
    // the closed and search tabs (newest ticket per contact) first pick their ids
    const [page, hide] = await Promise.all([
      listsNewestPerContact(filter)
        ? this.tickets
            .newestPage(ctx.companyId, condition, offset, TicketsPageSize)
            .then(async ({ ids, count }) => ({
              rows: await this.tickets.listRows(ctx.companyId, ids),
              count,
            }))
        : this.tickets.statusPage(ctx.companyId, condition, offset, TicketsPageSize),
      this.visibility.masksFor(ctx),
    ]);
    return {
      tickets: await this.views.listRecords(ctx, page.rows, hide),
      count: page.count,
      hasMore: page.count > offset + page.rows.length,
    };
  }

  /** GET /tickets/:id (writes an "access" log entry). */
  async get(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(IdInput, request ?? {});
    return this.open(ctx, await this.tickets.findById(ctx.companyId, id));
  }

  /** GET /tickets/u/:uuid (writes an "access" log entry). */
  async getByUuid(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { uuid } = parseInput(UuidInput, request ?? {});
    return this.open(ctx, await this.tickets.findByUuid(ctx.companyId, uuid));
  }

  /** `tickets.ticket.can-access`: may the caller watch this ticket (gateway joinChatBox)? */
  async canAccess(call: CallContext, request: unknown): Promise<TicketAccessReply> {
    if (call.companyId <= 0 || call.userId <= 0) return { allowed: false };
    const ctx = call as RequestContext;
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    const row = await this.tickets.findById(ctx.companyId, ticketId);
    if (!row) return { allowed: false };
    return { allowed: canSeeTicket(await this.identity.viewer(ctx), row) };
  }

  /** The ticket row the caller may see, else ERR_NO_TICKET_FOUND (the same answer as another company's). */
  async visible(ctx: RequestContext, id: number, viewer?: TicketViewer): Promise<Ticket> {
    const row = await this.tickets.findById(ctx.companyId, id);
    if (!row || !canSeeTicket(viewer ?? (await this.identity.viewer(ctx)), row))
      throw new AppError('ERR_NO_TICKET_FOUND');
    return row;
  }

  /** GET /tickets-log/:ticketId: the timeline, oldest first. */
  async logs(call: CallContext, request: unknown): Promise<TicketLogRecord[]> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    await this.visible(ctx, ticketId);
    const rows = await this.tickets.logs(ctx.companyId, ticketId);
    const unique = (values: (number | null)[]) => [
      ...new Set(values.filter((v): v is number => v !== null)),
    ];
    const [users, queues] = await Promise.all([
      this.identity.users(ctx),
      this.tickets.queues(ctx.companyId, unique(rows.map((r) => r.queueId))),
    ]);
    return rows.map((row) => {
      const queue = row.queueId !== null ? queues.get(row.queueId) : undefined;
      return {
        id: row.id,
        type: row.type,
        user:
          row.userId !== null ? { id: row.userId, name: users.get(row.userId)?.name ?? '' } : null,
        queue: queue ? { id: queue.id, name: queue.name } : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** POST /tickets: a new ticket for a contact, unless one is already active on that connection. */
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
        if (active) throw await this.otherOpen(ctx, active, manager);
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
        return this.announce(ctx, manager, row.id, hide);
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const active = await this.tickets.findActive(
          ctx.companyId,
          contact.id,
          connection?.id ?? null,
        );
        if (active) throw await this.otherOpen(ctx, active);
        // the conflicting ticket closed meanwhile: nothing to point at, the creation just failed
        throw new AppError('ERR_CREATING_TICKET');
      }
      throw err;
    }
  }

  /** PUT /tickets/:id: accept, reopen, return to queue, transfer, close, or field changes. */
  async update(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(IdInput, request ?? {});
    const input = parseInput(TicketUpdateInput, request ?? {});
    const [viewer, hide, connections, users, settings] = await Promise.all([
      this.identity.viewer(ctx),
      this.visibility.of(ctx),
      this.connectors.connections(ctx),
      this.identity.users(ctx),
      this.updateSettings(ctx),
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
        await this.applyChange(
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
        return this.announce(ctx, manager, row.id, hide, previousStatus);
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
        throw active ? await this.otherOpen(ctx, active) : err;
      });
    await this.sendTexts(texts);
    return result;
  }

  /**
   * A close the automation decides (the contact's "Sair", a rating, a refused consent, inactivity, an
   * unanswered rating): the cycle ends (rated when a rating came), the kanban tags go, `log` is written,
   * and `text` (completion or inactivity message) is sent. A ticket already closed stays as it is.
   */
  async closeByBot(
    companyId: number,
    ticketId: number,
    options: { text: string; rating?: number; log: 'closed' | 'autoClose'; at: Date },
  ): Promise<boolean> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    const row = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status === 'closed') return null;
      const fields: TicketWrite = { status: 'closed', ...this.closedFields() };
      if (options.rating !== undefined) fields.userRating = options.rating;
      await this.writeClose(manager, row, {
        fields,
        at: options.at,
        tracking: options.rating !== undefined ? { rated: true, ratingAt: options.at } : {},
        log: options.log,
        userId: null,
      });
      await this.announce(ctx, manager, row.id, hide, row.status);
      return row;
    });
    if (!row) return false;
    if (options.text.trim() && !row.isGroup)
      await this.sendTexts([{ ticket: row, text: options.text }]);
    return true;
  }

  /**
   * Writes a ticket's close in the caller's transaction: `fields`, the end of its service cycle at
   * `at`, no kanban lanes, and the log line.
   */
  async writeClose(
    manager: EntityManager,
    row: Ticket,
    close: {
      fields: TicketWrite;
      at: Date;
      tracking?: TrackingWrite;
      log: TicketLogType;
      userId: number | null;
    },
  ): Promise<void> {
    await this.tickets.update(manager, row.companyId, row.id, close.fields);
    await this.tickets.track(manager, row, {
      closedAt: close.at,
      finishedAt: close.at,
      ...close.tracking,
    });
    await this.tickets.clearTicketTags(manager, row.companyId, row.id);
    await this.tickets.addLog(manager, row.companyId, row.id, close.log, close.userId, row.queueId);
  }

  /** timeSendQueue: a pending ticket nobody chose a queue for goes to the connection's sendIdQueue. */
  async moveToQueueByBot(companyId: number, ticketId: number, queueId: number): Promise<void> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status !== 'pending' || row.queueId !== null || row.userId !== null) return;
      if (!(await this.tickets.queueExists(companyId, queueId))) return;
      await this.tickets.update(manager, companyId, row.id, {
        queueId,
        isBot: false,
        chatbotId: null,
      });
      await this.tickets.track(manager, row, { queueId, queuedAt: new Date() });
      await this.tickets.addLog(manager, companyId, row.id, 'queue', null, queueId);
      await this.announce(ctx, manager, row.id, hide, row.status);
    });
  }

  /**
   * An external bot is done with a ticket (its flow ended, it asked for a person, or it failed): people
   * take over in the queue it named, else the ticket's, else `fallbackQueueId`, with the agent it named
   * when that is one of the company's users. Nothing happens once an agent holds the ticket.
   */
  async handOverByBot(
    companyId: number,
    ticketId: number,
    target: { queueId: number | null; userId: number | null; fallbackQueueId: number | null },
  ): Promise<void> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    const users = target.userId !== null ? await this.identity.users(ctx) : null;
    const userId = target.userId !== null && users?.has(target.userId) ? target.userId : null;
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status !== 'pending' || row.userId !== null) return;
      const named =
        target.queueId !== null &&
        (await this.tickets.queueExists(companyId, target.queueId, manager))
          ? target.queueId
          : null;
      const fallback =
        target.fallbackQueueId !== null &&
        (await this.tickets.queueExists(companyId, target.fallbackQueueId, manager))
          ? target.fallbackQueueId
          : null;
      const queueId = named ?? row.queueId ?? fallback;
      const now = this.clock.now();
      await this.tickets.update(manager, companyId, row.id, {
        ...this.closedFields(),
        amountUsedBotQueues: row.amountUsedBotQueues,
        botStoppedAt: now,
        queueId,
        userId,
      });
      if (queueId !== row.queueId || userId !== null)
        await this.tickets.track(manager, row, {
          queueId,
          ...(userId !== null ? { userId } : {}),
          queuedAt: now,
        });
      await this.tickets.addLog(
        manager,
        companyId,
        row.id,
        userId !== null ? 'transfered' : 'queue',
        userId,
        queueId,
      );
      await this.announce(ctx, manager, row.id, hide, row.status);
    });
  }

  /** DELETE /tickets/:id (permission ticket-options:deleteTicket). */
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    if (!hasPermission(ctx, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION');
    const { id } = parseInput(IdInput, request ?? {});
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
        await this.writeClose(manager, row, {
          fields: { status: 'closed', ...this.closedFields() },
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

  /** Reads back a changed ticket, records its `tickets.ticket.updated` event and answers it. */
  async announce(
    ctx: RequestContext,
    manager: EntityManager,
    id: number,
    hide: Hide,
    previousStatus?: TicketStatus,
  ): Promise<TicketRecord> {
    const row = (await this.tickets.findById(ctx.companyId, id, manager))!;
    const plain = await this.views.record(ctx, row, false, manager);
    const masked = hide.company ? await this.views.record(ctx, row, true, manager) : plain;
    const event: TicketEventData = { ticket: masked };
    if (previousStatus && previousStatus !== row.status) event.previousStatus = previousStatus;
    await recordEvent(manager, ctx.companyId, {
      ...DomainEventTypes.tickets.ticketUpdated,
      data: event,
    });
    return hide.caller ? masked : plain;
  }

  private async open(ctx: RequestContext, row: Ticket | null): Promise<TicketRecord> {
    const viewer = await this.identity.viewer(ctx);
    if (!row || !canSeeTicket(viewer, row)) throw new AppError('ERR_NO_TICKET_FOUND');
    await this.transactions.inTenant(ctx.companyId, (manager) =>
      this.tickets.addLog(manager, ctx.companyId, row.id, 'access', ctx.userId, row.queueId),
    );
    return this.views.record(ctx, row, await this.visibility.masksFor(ctx));
  }

  private async otherOpen(
    ctx: RequestContext,
    active: Ticket,
    manager?: EntityManager,
  ): Promise<AppError> {
    const record = await this.views.record(ctx, active, true, manager);
    return new AppError('ERR_OTHER_OPEN_TICKET', { details: toTicketHolder(record) });
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

  private async updateSettings(ctx: RequestContext): Promise<UpdateSettings> {
    const [requiredTag, userRating, sendGreetingAccepted, sendMsgTransfTicket, farewellWaiting] =
      await Promise.all([
        this.identity.enabled(ctx, 'requiredTag'),
        this.identity.enabled(ctx, 'userRating'),
        this.identity.enabled(ctx, 'sendGreetingAccepted'),
        this.identity.enabled(ctx, 'sendMsgTransfTicket'),
        this.identity.enabled(ctx, 'sendFarewellWaitingTicket'),
      ]);
    return {
      requiredTag,
      userRating,
      sendGreetingAccepted,
      sendMsgTransfTicket,
      sendFarewellWaitingTicket: farewellWaiting,
    };
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

  /** What a closed ticket forgets: prompt, integration, typebot session, bot counter and stage. */
  private closedFields(): TicketWrite {
    return {
      promptId: null,
      integrationId: null,
      useIntegration: false,
      typebotSessionId: null,
      typebotStatus: false,
      typebotSessionAt: null,
      botStoppedAt: null,
      amountUsedBotQueues: 0,
      chatbotId: null,
      isBot: false,
    };
  }

  /** Applies one planned change to `fields`, the service cycle and the texts to send. */
  private async applyChange(
    ctx: RequestContext,
    manager: EntityManager,
    row: Ticket,
    change: TicketChange,
    fields: TicketWrite,
    settings: UpdateSettings,
    connection: ConnectionRecord | undefined,
    users: Map<number, { name: string }>,
    texts: PendingText[],
  ): Promise<void> {
    const now = new Date();
    const nameOf = (userId: number | null) =>
      userId === null ? '' : (users.get(userId)?.name ?? '');
    switch (change.kind) {
      case 'accept': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
        });
        await this.tickets.track(manager, row, {
          startedAt: now,
          userId: change.userId,
          queueId: change.queueId,
          rated: false,
        });
        const groupOk = !row.isGroup || connection?.groupAsTicket === 'enabled';
        if (settings.sendGreetingAccepted && row.status === 'pending' && groupOk) {
          const contact = await this.tickets.contact(ctx.companyId, row.contactId, manager);
          texts.push({
            ticket: row,
            text: this.texts.acceptGreeting(contact?.name ?? '', nameOf(change.userId)),
          });
        }
        return;
      }
      case 'reopen': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
          userRating: null,
          amountUsedBotQueuesNps: 0,
        });
        // the finished (or rating) cycle ends; the reopened ticket starts a new one
        const current = await this.tickets.currentTracking(ctx.companyId, row.id, manager);
        if (current) await this.tickets.track(manager, row, { finishedAt: now });
        await this.tickets.startTracking(manager, row, {
          userId: change.userId,
          queueId: change.queueId,
          startedAt: now,
        });
        return;
      }
      case 'return': {
        Object.assign(fields, { status: 'pending', userId: null, queueId: change.queueId });
        await this.tickets.track(manager, row, {
          startedAt: null,
          userId: null,
          queueId: null,
          queuedAt: now,
        });
        return;
      }
      case 'transfer': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
        });
        await this.tickets.track(manager, row, {
          queuedAt: now,
          userId: change.userId,
          queueId: change.queueId,
          startedAt: change.userId !== null ? now : null,
        });
        if (settings.sendMsgTransfTicket && !row.isGroup) {
          const queueName =
            change.queueId !== null && change.queueId !== row.queueId
              ? ((await this.tickets.queues(ctx.companyId, [change.queueId], manager)).get(
                  change.queueId,
                )?.name ?? null)
              : null;
          const userName =
            change.userId !== null && change.userId !== row.userId
              ? nameOf(change.userId) || null
              : null;
          const text = transferText(this.texts, queueName, userName);
          if (text) texts.push({ ticket: row, text });
        }
        return;
      }
      case 'close':
        return this.close(ctx, manager, row, change, fields, settings, connection, texts);
      case 'taken':
      case 'fields':
        return;
    }
  }

  /**
   * Close (BEHAVIOUR.md §5): with userRating on and a rating message, a non-group ticket first waits for
   * the rating (status nps) unless the close dialog chose no rating; otherwise the farewell is sent and
   * the ticket is closed.
   */
  private async close(
    ctx: RequestContext,
    manager: EntityManager,
    row: Ticket,
    { farewell, rating }: { farewell: boolean; rating: boolean },
    fields: TicketWrite,
    settings: UpdateSettings,
    connection: ConnectionRecord | undefined,
    texts: PendingText[],
  ): Promise<void> {
    const now = new Date();
    if (
      settings.requiredTag &&
      !(await this.tickets.hasTag(ctx.companyId, row.id, row.contactId, manager))
    )
      throw new AppError('ERR_TICKET_TAG_REQUIRED');
    const tracking = await this.tickets.currentTracking(ctx.companyId, row.id, manager);
    const ratingMessage = connection?.ratingMessage?.trim();
    if (
      settings.userRating &&
      rating &&
      ratingMessage &&
      !row.isGroup &&
      farewell &&
      row.status !== 'nps' &&
      !tracking?.rated
    ) {
      Object.assign(fields, { status: 'nps', amountUsedBotQueuesNps: 0 });
      await this.tickets.track(manager, row, { closedAt: now });
      await this.tickets.clearTicketTags(manager, ctx.companyId, row.id);
      await this.tickets.addLog(manager, ctx.companyId, row.id, 'nps', ctx.userId, row.queueId);
      texts.push({ ticket: row, text: ratingMessage });
      // an unanswered rating closes the ticket after expiresTicketNPS minutes
      if (connection && connection.expiresTicketNPS > 0)
        await this.jobs.setTimer(
          manager,
          {
            companyId: ctx.companyId,
            ticketId: row.id,
            kind: 'npsExpire',
            at: new Date(this.clock.now().getTime() + connection.expiresTicketNPS * 60_000),
          },
          'move',
        );
      return;
    }
    const waitingOk = row.status !== 'pending' || settings.sendFarewellWaitingTicket;
    if (farewell && waitingOk && !row.isGroup) {
      const holderId = row.userId ?? ctx.userId;
      let text = (await this.identity.replicaUser(ctx, holderId))?.farewellMessage?.trim() ?? '';
      if (!text) text = connection?.complationMessage?.trim() ?? '';
      if (text) texts.push({ ticket: row, text });
    }
    Object.assign(fields, { status: 'closed', ...this.closedFields() });
    await this.tickets.track(manager, row, { closedAt: now, finishedAt: now });
    await this.tickets.clearTicketTags(manager, ctx.companyId, row.id);
  }

  /** Sends the bot texts of a committed change; a failed send never undoes the change. */
  private async sendTexts(texts: PendingText[]): Promise<void> {
    for (const { ticket, text } of texts) {
      try {
        await this.outbound.sendBotText(ticket, text);
      } catch (err) {
        this.logger.warn({ err, ticketId: ticket.id }, 'ticket bot text failed');
      }
    }
  }
}
