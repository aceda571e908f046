import { Injectable } from '@nestjs/common';
import { canSeeTicket, type MessageRecord, type RequestContext } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Contact } from '../contacts/contact.entity.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { MediaUrls } from '../media/media-urls.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import type { Message } from './message.entity.js';
import { toMessageRecord } from './message-view.js';
import { MessagesRepository } from './messages.repository.js';

/** The rows every message call starts from (the ticket, contact and message the caller may use) and the records it answers. */
@Injectable()
export class MessageLookups {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly ticketRows: TicketsRepository,
    private readonly identity: IdentityDirectory,
    private readonly mediaUrls: MediaUrls,
  ) {}

  /** The records of message rows, with their quoted messages and contacts. */
  async records(companyId: number, rows: Message[]): Promise<MessageRecord[]> {
    const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id) => id !== null))];
    const quoted = new Map(
      (await this.repository.findMessages(companyId, quotedIds)).map((row) => [row.id, row]),
    );
    const contactIds = new Set<number>();
    for (const row of [...rows, ...quoted.values()])
      if (row.contactId) contactIds.add(row.contactId);
    const contacts = new Map(
      (await this.repository.contactsByIds(companyId, [...contactIds])).map((c) => [c.id, c]),
    );
    return rows.map((row) =>
      toMessageRecord(
        row,
        row.quotedMsgId ? (quoted.get(row.quotedMsgId) ?? null) : null,
        contacts,
        (key) => this.mediaUrls.url(key),
      ),
    );
  }

  /**
   * The ticket the caller may see (canSeeTicket), else ERR_NO_TICKET_FOUND, the same
   * answer as another company's. Admins and the system's own calls (userId 0) skip the identity lookup.
   */
  async ticket(ctx: RequestContext, id: number): Promise<Ticket> {
    const ticket = await this.ticketRows.findById(ctx.companyId, id);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ctx.userId > 0 && ctx.profile !== 'admin' && !ctx.super) {
      if (!canSeeTicket(await this.identity.viewer(ctx), ticket)) {
        throw new AppError('ERR_NO_TICKET_FOUND');
      }
    }
    return ticket;
  }

  /** The company's contact, else ERR_NO_CONTACT_FOUND. */
  async contact(ctx: RequestContext, id: number): Promise<Contact> {
    const contact = await this.repository.findContact(ctx.companyId, id);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    return contact;
  }

  /** The company's message, else ERR_NO_MESSAGE_FOUND. */
  async message(ctx: RequestContext, id: string): Promise<Message> {
    const message = await this.repository.findMessage(ctx.companyId, id);
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
    return message;
  }
}
