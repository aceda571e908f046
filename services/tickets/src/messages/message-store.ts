import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  type MessageEventData,
  type RequestContext,
  type StoredMedia,
  type TicketUnreadEventData,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { Transactions } from '@sb/platform/db';
import type { Contact } from '../contacts/contact.entity.js';
import { MediaUrls } from '../media/media-urls.js';
import { orCreationFailure } from '../records/creation-failures.js';
import { recordEvent } from '../records/record-changes.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { TicketRecords, type TicketDecor } from '../tickets/core/ticket-records.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import type { Message } from './message.entity.js';
import { lastMessageText, toMessageRecord } from './message-view.js';
import { MessagesRepository } from './messages.repository.js';

/** A new message before it is stored. */
export type Draft = {
  body: string;
  mediaType: Message['mediaType'];
  media?: StoredMedia;
  vcard?: string;
};

/** Where the messages a company sends are stored: agents' sends, bot texts, forwards, reactions. */
@Injectable()
export class MessageStore {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly ticketRows: TicketsRepository,
    private readonly view: TicketRecords,
    private readonly mediaUrls: MediaUrls,
  ) {}

  /**
   * Stores messages the company sends (fromMe) on a locked ticket with their events in one transaction:
   * the ticket's last message, its read marking when asked, one `message.created` event each.
   */
  async outgoing(
    ctx: RequestContext,
    ticketId: number,
    contact: Contact,
    drafts: Draft[],
    decor: TicketDecor,
    options: {
      userId: number | null;
      isPrivate: boolean;
      isForwarded: boolean;
      quotedMsgId: string | null;
      markRead: boolean;
    },
  ): Promise<{ ticket: Ticket; messages: Message[]; readIds: string[] }> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const ticket = await this.ticketRows.lock(ctx.companyId, ticketId, manager);
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
      const messages: Message[] = [];
      const now = Date.now();
      for (const [i, draft] of drafts.entries()) {
        messages.push(
          await orCreationFailure('ERR_CREATING_MESSAGE', () =>
            this.repository.insert(manager, ctx.companyId, {
              id: randomUUID(),
              ticketId: ticket.id,
              contactId: null,
              queueId: ticket.queueId,
              userId: options.userId,
              body: draft.body,
              fromMe: true,
              read: true,
              ack: 0,
              mediaType: draft.mediaType,
              mediaKey: draft.media?.key ?? null,
              mediaName: draft.media?.fileName ?? null,
              isPrivate: options.isPrivate,
              isForwarded: options.isForwarded,
              quotedMsgId: i === 0 ? options.quotedMsgId : null,
              // keeps the order of a multi-file send
              createdAt: new Date(now + i),
            }),
          ),
        );
      }
      let readIds: string[] = [];
      const changes: Partial<Pick<Ticket, 'lastMessage' | 'fromMe' | 'unreadMessages'>> = {};
      // the hot path (an agent answering an already read ticket) skips the read-marking query
      if (
        options.markRead &&
        ticket.unreadMessages > 0 &&
        (ticket.isGroup || (!ticket.isBot && ticket.userId))
      ) {
        readIds = await this.repository.markRead(manager, ctx.companyId, ticket.id);
        if (ticket.unreadMessages > 0 || readIds.length > 0) {
          changes.unreadMessages = 0;
          const event: TicketUnreadEventData = { ticketId: ticket.id, status: ticket.status };
          await recordEvent(manager, ctx.companyId, {
            ...DomainEventTypes.tickets.ticketUnreadReset,
            data: event,
          });
        }
      }
      const last = messages[messages.length - 1]!;
      if (!options.isPrivate) {
        changes.lastMessage = lastMessageText(last);
        changes.fromMe = true;
      }
      if (Object.keys(changes).length > 0) {
        await this.repository.touchTicket(manager, ctx.companyId, ticket.id, changes);
        Object.assign(ticket, changes);
        ticket.updatedAt = new Date();
      }
      const { ticket: record, contact: summary } = this.view.build(ticket, contact, decor);
      const quoted = options.quotedMsgId
        ? await this.repository.findMessage(ctx.companyId, options.quotedMsgId, manager)
        : null;
      const names = new Map([[contact.id, contact]]);
      for (const [i, message] of messages.entries()) {
        const data: MessageEventData = {
          message: toMessageRecord(message, i === 0 ? quoted : null, names, (key) =>
            this.mediaUrls.url(key),
          ),
          ticket: record,
          contact: summary,
          // a visible send changes the ticket (last message): the last message's event says so
          ...(!options.isPrivate && i === messages.length - 1 ? { ticketChange: {} } : {}),
        };
        await recordEvent(manager, ctx.companyId, {
          ...DomainEventTypes.tickets.messageCreated,
          data,
        });
      }
      return { ticket, messages, readIds };
    });
  }
}
