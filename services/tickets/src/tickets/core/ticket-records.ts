import { Injectable } from '@nestjs/common';
import {
  type ChannelKind,
  type ConnectionRecord,
  type ContactSummary,
  type RequestContext,
  type TicketHolder,
  type TicketRecord,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import type { Contact } from '../../contacts/contact.entity.js';
import { toContactSummary } from '../../contacts/contact-view.js';
import { ConnectorsDirectory } from '../../directories/connectors-directory.js';
import { IdentityDirectory, type ReplicaUser } from '../../directories/identity-directory.js';
import { NumberVisibility } from '../../directories/number-visibility.js';
import type { Ticket } from './ticket.entity.js';
import { ticketCode } from './ticket-rules.js';
import {
  TicketsRepository,
  type QueueRef,
  type TagRef,
  type TicketListRow,
  type TicketListTicket,
} from './tickets.repository.js';

/** The connection a ticket row names. */
export type ConnectionRef = {
  id: number;
  name: string;
  groupAsTicket: 'enabled' | 'disabled';
  channel: ChannelKind;
};

/** What a ticket row shows besides its own columns (queue, tags, names, the number masking). */
export type TicketDecor = {
  queue: QueueRef | null;
  tags: TagRef[];
  userName: string;
  connection: ConnectionRef | null;
  hide: boolean;
};

const toConnectionRef = (row: {
  id: number;
  name: string;
  groupAsTicket?: string | null;
  channel: ChannelKind;
}): ConnectionRef => ({
  id: row.id,
  name: row.name,
  groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
  channel: row.channel,
});

/** A contact row that is gone: the ticket still shows, with an empty contact. */
const missingContact = (ticket: TicketListTicket): ContactSummary => ({
  id: ticket.contactId,
  name: '',
  number: '',
  urlPicture: null,
  channel: ticket.channel as ChannelKind,
  isGroup: ticket.isGroup,
  active: true,
});

/** The TicketRecord of spec 1 §3, from the row and its decor. */
export const toTicketRecord = (
  ticket: TicketListTicket,
  contact: ContactSummary,
  decor: TicketDecor,
): TicketRecord => ({
  id: ticket.id,
  uuid: ticket.uuid,
  companyId: ticket.companyId,
  status: ticket.status,
  isGroup: ticket.isGroup,
  isBot: ticket.isBot,
  channel: ticket.channel as ChannelKind,
  queueId: ticket.queueId,
  queue:
    decor.queue && decor.queue.id === ticket.queueId
      ? { id: decor.queue.id, name: decor.queue.name, color: decor.queue.color }
      : null,
  userId: ticket.userId,
  user: ticket.userId !== null ? { id: ticket.userId, name: decor.userName } : null,
  whatsappId: ticket.whatsappId,
  whatsapp: decor.connection,
  contactId: ticket.contactId,
  contact,
  tags: decor.tags,
  lastMessage: ticket.lastMessage,
  unreadMessages: ticket.unreadMessages,
  updatedAt: ticket.updatedAt.toISOString(),
  createdAt: ticket.createdAt.toISOString(),
  useIntegration: ticket.useIntegration,
  code: ticketCode(ticket.id, ticket.createdAt),
  userRating: ticket.userRating !== null ? { rate: ticket.userRating } : null,
});

/** The holder ERR_OTHER_OPEN_TICKET names. */
export const toTicketHolder = (record: TicketRecord): TicketHolder => ({
  id: record.id,
  uuid: record.uuid,
  status: record.status,
  userId: record.userId,
  user: record.user ? { id: record.user.id, name: record.user.name } : null,
  queue: record.queue ? { id: record.queue.id, name: record.queue.name } : null,
});

/** A ticket record with the contact summary that message and ticket events carry beside it. */
export type TicketWithContact = { ticket: TicketRecord; contact: ContactSummary };

/**
 * The one builder of the ticket records the API answers and the socket events carry. Pages of one
 * company read their names from the directories' company lists; single tickets (message paths, events)
 * from the per-user and per-connection caches, so a send never waits for a whole list.
 */
@Injectable()
export class TicketRecords {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly numbers: NumberVisibility,
  ) {}

  /** Socket events reach every profile: masked as for a plain user (NumberVisibility, fail closed). */
  hideInEvents(ctx: RequestContext): Promise<boolean> {
    return this.numbers.masksEvents(ctx);
  }

  /** A page of one company's tickets, in the order given. */
  async records(
    ctx: RequestContext,
    rows: Ticket[],
    hide: boolean,
    manager?: EntityManager,
  ): Promise<TicketRecord[]> {
    if (!rows.length) return [];
    const companyId = ctx.companyId;
    const unique = (values: (number | null)[]) => [
      ...new Set(values.filter((v): v is number => v !== null)),
    ];
    // the names from other services load while the rows are read (one query at a time: a transaction's
    // connection runs one query at a time)
    const names = Promise.all([this.identity.users(ctx), this.connectors.connections(ctx)]);
    const contacts = await this.tickets.contacts(
      companyId,
      unique(rows.map((r) => r.contactId)),
      manager,
    );
    const queues = await this.tickets.queues(
      companyId,
      unique(rows.map((r) => r.queueId)),
      manager,
    );
    const tags = await this.tickets.tagsOf(
      companyId,
      rows.map((row) => row.id),
      manager,
    );
    const contactById = new Map(contacts.map((c) => [c.id, c]));
    return this.fromRows(
      ctx,
      rows.map((row) => ({
        ticket: row,
        contact: contactById.get(row.contactId) ?? null,
        queue: row.queueId !== null ? (queues.get(row.queueId) ?? null) : null,
        tags: tags.get(row.id) ?? [],
      })),
      hide,
      await names,
    );
  }

  /** A list page's records from its rows (contact, queue, tags read with them), in their order. */
  async listRecords(
    ctx: RequestContext,
    rows: TicketListRow[],
    hide: boolean,
  ): Promise<TicketRecord[]> {
    if (!rows.length) return [];
    const names = await Promise.all([this.identity.users(ctx), this.connectors.connections(ctx)]);
    return this.fromRows(ctx, rows, hide, names);
  }

  /** The records of rows whose contact, queue and tags are known: names from the replicas. */
  private async fromRows(
    ctx: RequestContext,
    rows: TicketListRow[],
    hide: boolean,
    [users, connections]: [Map<number, ReplicaUser>, Map<number, ConnectionRecord>],
  ): Promise<TicketRecord[]> {
    // a user the replica does not hold yet (created a moment ago): asked for one by one
    const missing = [
      ...new Set(
        rows
          .map((r) => r.ticket.userId)
          .filter((id): id is number => id !== null && !users.has(id)),
      ),
    ];
    const extraUsers = new Map<number, string>();
    await Promise.all(
      missing.map(async (id) => extraUsers.set(id, await this.identity.userName(ctx, id))),
    );
    return rows.map(({ ticket, contact, queue, tags }) => {
      const connection =
        ticket.whatsappId !== null ? connections.get(ticket.whatsappId) : undefined;
      return toTicketRecord(
        ticket,
        contact ? toContactSummary(contact, hide) : missingContact(ticket),
        {
          queue,
          tags,
          userName:
            ticket.userId !== null
              ? (users.get(ticket.userId)?.name ?? extraUsers.get(ticket.userId) ?? '')
              : '',
          connection: connection ? toConnectionRef(connection) : null,
          hide,
        },
      );
    });
  }

  async record(
    ctx: RequestContext,
    row: Ticket,
    hide: boolean,
    manager?: EntityManager,
  ): Promise<TicketRecord> {
    return (await this.records(ctx, [row], hide, manager))[0]!;
  }

  /** One ticket's decor, for the message paths (`hide`: the event masking). */
  async decor(ctx: RequestContext, ticket: Ticket, manager?: EntityManager): Promise<TicketDecor> {
    const [queue, tags, userName, connection, hide] = await Promise.all([
      this.tickets.queue(ticket.companyId, ticket.queueId, manager),
      this.tickets.tagsOf(ticket.companyId, [ticket.id], manager),
      this.identity.userName(ctx, ticket.userId),
      this.connectors.connection(ctx, ticket.whatsappId),
      this.hideInEvents(ctx),
    ]);
    return {
      queue,
      tags: tags.get(ticket.id) ?? [],
      userName,
      connection: connection ? toConnectionRef(connection) : null,
      hide,
    };
  }

  /** One ticket's record with its contact, numbers masked by `hide`. */
  async withContact(
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    hide: boolean,
    manager?: EntityManager,
  ): Promise<TicketWithContact> {
    const decor = await this.decor(ctx, ticket, manager);
    return this.build(ticket, contact, { ...decor, hide });
  }

  /**
   * The records of many tickets (of any companies) with two statements: their queues and their tags;
   * names and connections come from the directories' caches.
   */
  async manyWithContact(
    items: {
      ctx: RequestContext;
      ticket: Ticket;
      contact: Contact;
      hide: boolean;
      /** created in this transaction: it has no tags to look for */
      created?: boolean;
    }[],
    manager: EntityManager,
  ): Promise<TicketWithContact[]> {
    const refs = items.flatMap(({ ticket, created }) =>
      created ? [] : [{ companyId: ticket.companyId, id: ticket.id }],
    );
    const queueRefs = items.flatMap(({ ticket }) =>
      ticket.queueId ? [{ companyId: ticket.companyId, id: ticket.queueId }] : [],
    );
    const [queues, tags] = await Promise.all([
      this.tickets.queuesOf(manager, queueRefs),
      this.tickets.tagsOfTickets(manager, refs),
    ]);
    return Promise.all(
      items.map(async ({ ctx, ticket, contact, hide }) => {
        const [userName, connection] = await Promise.all([
          this.identity.userName(ctx, ticket.userId),
          this.connectors.connection(ctx, ticket.whatsappId),
        ]);
        return this.build(ticket, contact, {
          queue: ticket.queueId
            ? (queues.get(`${ticket.companyId}:${ticket.queueId}`) ?? null)
            : null,
          tags: tags.get(ticket.id) ?? [],
          userName,
          connection: connection ? toConnectionRef(connection) : null,
          hide,
        });
      }),
    );
  }

  /** The record from fetched decor (no statement). */
  build(ticket: Ticket, contact: Contact, decor: TicketDecor): TicketWithContact {
    const summary = toContactSummary(contact, decor.hide);
    return { ticket: toTicketRecord(ticket, summary, decor), contact: summary };
  }
}
