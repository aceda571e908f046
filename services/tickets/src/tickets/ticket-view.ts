import { Injectable } from '@nestjs/common';
import {
  maskContactNumber,
  type ChannelKind,
  type ContactSummary,
  type RequestContext,
  type TicketHolder,
  type TicketRecord,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import type { Contact } from '../contacts/contact.entity.js';
import type { Ticket } from './ticket.entity.js';
import { TicketDirectory } from './ticket-directory.js';
import { ticketCode } from './ticket-rules.js';
import { TicketsRepository } from './tickets.repository.js';

export const toContactSummary = (contact: Contact, hide: boolean): ContactSummary => ({
  id: contact.id,
  name: contact.name,
  number: hide ? maskContactNumber(contact.number, contact.isGroup) : contact.number,
  urlPicture: contact.urlPicture,
  channel: contact.channel as ChannelKind,
  isGroup: contact.isGroup,
  active: contact.active,
});

/** Builds the TicketRecord rows the API and the socket events carry (spec 1 §3 Ticket). */
@Injectable()
export class TicketViews {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly directory: TicketDirectory,
  ) {}

  async records(
    ctx: RequestContext,
    rows: Ticket[],
    hide: boolean,
    manager?: EntityManager,
  ): Promise<TicketRecord[]> {
    if (!rows.length) return [];
    const companyId = ctx.companyId;
    const ids = rows.map((row) => row.id);
    const unique = (values: (number | null)[]) => [
      ...new Set(values.filter((v): v is number => v !== null)),
    ];
    // the names from other services load while the rows are read (one query at a time: a transaction's
    // connection runs one query at a time)
    const names = Promise.all([this.directory.users(ctx), this.directory.connections(ctx)]);
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
    const tags = await this.tickets.tagsOf(companyId, ids, manager);
    const [users, connections] = await names;
    const contactById = new Map(contacts.map((c) => [c.id, c]));
    // a user created after the names were read: ask for them one by one
    const missing = unique(rows.map((r) => r.userId)).filter((id) => !users.has(id));
    const extraUsers = new Map<number, string>();
    await Promise.all(
      missing.map(async (id) => {
        try {
          extraUsers.set(id, (await this.directory.user(ctx, id)).name);
        } catch {
          extraUsers.set(id, '');
        }
      }),
    );
    return rows.map((row): TicketRecord => {
      const contact = contactById.get(row.contactId);
      const connection = row.whatsappId !== null ? connections.get(row.whatsappId) : undefined;
      const queue = row.queueId !== null ? queues.get(row.queueId) : undefined;
      const userName =
        row.userId !== null
          ? (users.get(row.userId)?.name ?? extraUsers.get(row.userId) ?? '')
          : '';
      return {
        id: row.id,
        uuid: row.uuid,
        companyId: row.companyId,
        status: row.status,
        isGroup: row.isGroup,
        isBot: row.isBot,
        channel: row.channel as ChannelKind,
        queueId: row.queueId,
        queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
        userId: row.userId,
        user: row.userId !== null ? { id: row.userId, name: userName } : null,
        whatsappId: row.whatsappId,
        whatsapp: connection
          ? {
              id: connection.id,
              name: connection.name,
              groupAsTicket: connection.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
              channel: connection.channel,
            }
          : null,
        contactId: row.contactId,
        contact: contact
          ? toContactSummary(contact, hide)
          : {
              id: row.contactId,
              name: '',
              number: '',
              urlPicture: null,
              channel: row.channel as ChannelKind,
              isGroup: row.isGroup,
              active: true,
            },
        tags: tags.get(row.id) ?? [],
        lastMessage: row.lastMessage,
        unreadMessages: row.unreadMessages,
        updatedAt: row.updatedAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        useIntegration: row.useIntegration,
        code: ticketCode(row.id, row.createdAt),
        userRating: row.userRating !== null ? { rate: row.userRating } : null,
      };
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
}

/** The holder ERR_OTHER_OPEN_TICKET names. */
export const toTicketHolder = (record: TicketRecord): TicketHolder => ({
  id: record.id,
  uuid: record.uuid,
  status: record.status,
  userId: record.userId,
  user: record.user ? { id: record.user.id, name: record.user.name } : null,
  queue: record.queue ? { id: record.queue.id, name: record.queue.name } : null,
});
