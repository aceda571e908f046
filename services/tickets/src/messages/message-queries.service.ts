import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  MessageListQuery,
  MessagesPageSize,
  MaxTicketImages,
  type MessagesPage,
  type MessagesRead,
  type RequestContext,
  type TicketImages,
  type TicketUnreadEventData,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import type { Contact } from '../contacts/contact.entity.js';
import { recordEvent } from '../records/record-changes.js';
import { MediaUrls } from '../media/media-urls.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import { ChannelSender } from './channel-sender.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { MessageLookups } from './message-lookups.js';
import { MessagesRepository } from './messages.repository.js';
import { BusHandler } from '@sb/platform/nest';

const TicketIdInput = z.object({ ticketId: recordId });

/** Reading a conversation: its pages (which mark it read), its images. */
@Injectable()
export class MessageQueries {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly lookups: MessageLookups,
    private readonly view: TicketRecords,
    private readonly numbers: NumberVisibility,
    private readonly sender: ChannelSender,
    private readonly mediaUrls: MediaUrls,
  ) {}

  /** GET /messages/:ticketId: 20 per page, newest page first, oldest first inside a page. */
  @BusHandler(Subjects.tickets.messageList)
  async page(call: CallContext, data: unknown): Promise<MessagesPage> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const query = parseInput(MessageListQuery, data ?? {});
    const ticket = await this.lookups.ticket(ctx, ticketId);
    const contact = await this.lookups.contact(ctx, ticket.contactId);
    const offset = (query.pageNumber - 1) * MessagesPageSize;
    const { rows, count } = await this.repository.page(
      ctx.companyId,
      ticket,
      query.selectedQueues,
      offset,
      MessagesPageSize,
    );
    if (query.pageNumber === 1) await this.markRead(ctx, ticket, contact);
    const messages = await this.lookups.records(ctx.companyId, rows.reverse());
    const hide = await this.numbers.masksFor(ctx);
    const { ticket: record } = await this.view.withContact(ctx, ticket, contact, hide);
    return { messages, ticket: record, count, hasMore: count > offset + rows.length };
  }

  /** POST /messages/:ticketId/read: the open chat marks what arrived while it is open as read. */
  @BusHandler(Subjects.tickets.messageRead)
  async read(call: CallContext, data: unknown): Promise<MessagesRead> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const ticket = await this.lookups.ticket(ctx, ticketId);
    await this.markRead(ctx, ticket, await this.lookups.contact(ctx, ticket.contactId));
    return { ticketId, unreadMessages: ticket.unreadMessages };
  }

  /** GET /messages/listimages/:ticketId: the conversation's images (the newest ones), oldest first. */
  @BusHandler(Subjects.tickets.messageImages)
  async images(call: CallContext, data: unknown): Promise<TicketImages> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const ticket = await this.lookups.ticket(ctx, ticketId);
    const rows = await this.repository.images(ctx.companyId, ticket, MaxTicketImages);
    const images: TicketImages['images'] = [];
    for (const row of rows.reverse()) {
      const mediaUrl = this.mediaUrls.url(row.mediaKey);
      if (!mediaUrl) continue;
      images.push({
        id: row.id,
        mediaUrl,
        mediaName: row.mediaName,
        fromMe: row.fromMe,
        createdAt: row.createdAt.toISOString(),
      });
    }
    return { images };
  }

  /** Opening a ticket marks it read: unread count zeroed, read receipts sent, the lists told. */
  async markRead(ctx: RequestContext, ticket: Ticket, contact: Contact): Promise<void> {
    // BEHAVIOUR.md §4: only tickets a user holds (not the bot's), or groups
    if (!ticket.isGroup && (ticket.isBot || !ticket.userId)) return;
    const readIds = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const ids = await this.repository.markRead(manager, ctx.companyId, ticket.id);
      if (ticket.unreadMessages === 0 && ids.length === 0) return ids;
      await this.repository.touchTicket(manager, ctx.companyId, ticket.id, { unreadMessages: 0 });
      ticket.unreadMessages = 0;
      const event: TicketUnreadEventData = { ticketId: ticket.id, status: ticket.status };
      await recordEvent(manager, ctx.companyId, {
        ...DomainEventTypes.tickets.ticketUnreadReset,
        data: event,
      });
      return ids;
    });
    this.sender.markRead(ctx, ticket, contact, readIds);
  }
}
