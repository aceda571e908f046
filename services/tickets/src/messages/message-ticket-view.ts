import { Injectable } from '@nestjs/common';
import type { ChannelKind, ContactSummary, RequestContext, TicketRecord } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import type { Contact } from '../contacts/contact.entity.js';
import type { Ticket } from '../tickets/ticket.entity.js';
import { ChannelDirectory, type ConnectionSummary } from './channel-directory.js';
import { ticketProtocol } from './message-placeholders.js';
import { toContactSummary } from './message-view.js';
import { MessagesRepository, type QueueRef, type TagRef } from './messages.repository.js';

/** The ticket and contact a message event carries (MessageEventData). */
@Injectable()
export class MessageTicketView {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly directory: ChannelDirectory,
  ) {}

  /** Socket events reach many users: numbers are masked unless lgpdHideNumber is known to be off. */
  async hideInEvents(ctx: RequestContext): Promise<boolean> {
    return (await this.directory.setting(ctx, 'lgpdHideNumber')) !== 'disabled';
  }

  /** What a ticket row shows besides its own columns (queue, tags, names, the event masking). */
  async decor(ctx: RequestContext, ticket: Ticket, manager?: EntityManager): Promise<TicketDecor> {
    const [queue, tags, userName, connection, hide] = await Promise.all([
      this.repository.queue(ticket.companyId, ticket.queueId, manager),
      this.repository.ticketTags(ticket.companyId, ticket.id, manager),
      this.directory.userName(ctx, ticket.userId),
      this.directory.connection(ctx, ticket.whatsappId),
      this.hideInEvents(ctx),
    ]);
    return { queue, tags, userName, connection, hide };
  }

  async record(
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    hide: boolean,
    manager?: EntityManager,
  ): Promise<{ ticket: TicketRecord; contact: ContactSummary }> {
    const decor = await this.decor(ctx, ticket, manager);
    return this.build(ticket, contact, { ...decor, hide });
  }

  /**
   * The records of many tickets (of any companies) with two statements: their queues and their tags;
   * names and connections come from the directory's cache.
   */
  async recordsOf(
    items: {
      ctx: RequestContext;
      ticket: Ticket;
      contact: Contact;
      hide: boolean;
      /** created in this transaction: it has no tags to look for */
      created?: boolean;
    }[],
    manager: EntityManager,
  ): Promise<{ ticket: TicketRecord; contact: ContactSummary }[]> {
    const refs = items.flatMap(({ ticket, created }) =>
      created ? [] : [{ companyId: ticket.companyId, id: ticket.id }],
    );
    const queueRefs = items.flatMap(({ ticket }) =>
      ticket.queueId ? [{ companyId: ticket.companyId, id: ticket.queueId }] : [],
    );
    const [queues, tags] = await Promise.all([
      this.repository.queuesOf(manager, queueRefs),
      this.repository.tagsOfTickets(manager, refs),
    ]);
    return Promise.all(
      items.map(async ({ ctx, ticket, contact, hide }) => {
        const [userName, connection] = await Promise.all([
          this.directory.userName(ctx, ticket.userId),
          this.directory.connection(ctx, ticket.whatsappId),
        ]);
        const queue = ticket.queueId
          ? (queues.get(`${ticket.companyId}:${ticket.queueId}`) ?? null)
          : null;
        return this.build(ticket, contact, {
          queue,
          tags: tags.get(ticket.id) ?? [],
          userName,
          connection,
          hide,
        });
      }),
    );
  }

  /** The record from fetched decor; the user's name is re-read only when the holder changed. */
  build(
    ticket: Ticket,
    contact: Contact,
    decor: TicketDecor,
  ): { ticket: TicketRecord; contact: ContactSummary } {
    const { queue, tags, userName, connection, hide } = decor;
    const summary = toContactSummary(contact, hide);
    return {
      contact: summary,
      ticket: {
        id: ticket.id,
        uuid: ticket.uuid,
        companyId: ticket.companyId,
        status: ticket.status,
        isGroup: ticket.isGroup,
        isBot: ticket.isBot,
        channel: ticket.channel as ChannelKind,
        queueId: ticket.queueId,
        queue: queue && queue.id === ticket.queueId ? queue : null,
        userId: ticket.userId,
        user: ticket.userId ? { id: ticket.userId, name: userName } : null,
        whatsappId: ticket.whatsappId,
        whatsapp: connection,
        contactId: ticket.contactId,
        contact: summary,
        tags,
        lastMessage: ticket.lastMessage,
        unreadMessages: ticket.unreadMessages,
        updatedAt: ticket.updatedAt.toISOString(),
        createdAt: ticket.createdAt.toISOString(),
        useIntegration: ticket.useIntegration,
        code: ticketProtocol(ticket),
        userRating: ticket.userRating === null ? null : { rate: ticket.userRating },
      },
    };
  }
}

export type TicketDecor = {
  queue: QueueRef | null;
  tags: TagRef[];
  userName: string;
  connection: ConnectionSummary | null;
  hide: boolean;
};
