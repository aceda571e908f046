import { Inject, Injectable } from '@nestjs/common';
import {
  MessageSendInput,
  type MessageRecord,
  type RequestContext,
  type StoredMedia,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Clock } from '@sb/platform/clock';
import { CLOCK, BusHandler } from '@sb/platform/nest';
import { keyBelongsToCompany } from '@sb/storage';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import type { Contact } from '../contacts/contact.entity.js';
import { AutomationJobs } from '../tickets/core/automation-jobs.repository.js';
import { inactivityPlan } from '../tickets/core/inactivity-timers.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { ChannelSender, type OutboundExtras } from './channel-sender.js';
import { fillPlaceholders, signBody, ticketProtocol } from './message-placeholders.js';
import { MessageLookups } from './message-lookups.js';
import { MessageStore, type Draft } from './message-store.js';
import { MessagesRepository } from './messages.repository.js';
import { requireOwnMedias, StoredMediaInput } from './stored-medias.js';

const SendRequest = MessageSendInput.extend({
  ticketId: recordId,
  medias: z.array(StoredMediaInput).max(10).optional(),
});

export const vCardText = (name: string, number: string): string => {
  const digits = number.replace(/\D/g, '');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n');
};

/** Sending on a ticket: an agent's message (text, files, contact card), the external API's, the bot's. */
@Injectable()
export class MessageSending {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly lookups: MessageLookups,
    private readonly store: MessageStore,
    private readonly view: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly ticketRows: TicketsRepository,
    private readonly sender: ChannelSender,
    private readonly jobs: AutomationJobs,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /messages/:ticketId: stored with its events in one transaction, sent after commit. */
  @BusHandler(Subjects.tickets.messageSend)
  async send(call: CallContext, data: unknown): Promise<MessageRecord[]> {
    return this.sendOnTicket(requireMember(call), data);
  }

  /**
   * The send itself, for a signed-in user or for the company's own call (the external API, userId 0:
   * the messages are stored without a user). `awaitSend` answers only once the channel took or refused
   * each message, with the refusal on its record (a schedule must know whether it went out).
   */
  async sendOnTicket(
    ctx: RequestContext,
    data: unknown,
    options: { awaitSend?: boolean } = {},
  ): Promise<MessageRecord[]> {
    const input = parseInput(SendRequest, data ?? {});
    const ticket = await this.lookups.ticket(ctx, input.ticketId);
    const [contact, decor, quoted] = await Promise.all([
      this.lookups.contact(ctx, ticket.contactId),
      this.view.decor(ctx, ticket),
      input.quotedMsg ? this.repository.findMessage(ctx.companyId, input.quotedMsg.id) : null,
    ]);
    if (!contact.active && !input.isPrivate) throw new AppError('ERR_CONTACT_BLOCKED');
    requireOwnMedias(input.medias ?? [], ctx.companyId);

    let body = input.body;
    if (body) body = await this.expand(ctx, ticket, contact, body);
    if (input.signMessage && body && !input.isPrivate) {
      if ((await this.identity.cachedSetting(ctx, 'sendSignMessage')) === 'enabled') {
        body = signBody(body, await this.identity.userName(ctx, ctx.userId));
      }
    }
    const drafts: Draft[] = [];
    if (input.vCard) {
      const vcard = vCardText(input.vCard.name, input.vCard.number);
      drafts.push({ body: vcard, mediaType: 'contactMessage', vcard });
    }
    (input.medias ?? []).forEach((media, i) => {
      drafts.push({ body: i === 0 ? body : '', mediaType: media.mediaType, media });
    });
    if (!input.vCard && drafts.length === 0) {
      if (!body.trim()) throw new AppError('ERR_VALIDATION', { fields: { body: ['Required'] } });
      drafts.push({ body, mediaType: 'chat' });
    }
    const validQuoted = quoted && !quoted.isDeleted ? quoted : null;

    const stored = await this.store.outgoing(ctx, ticket.id, contact, drafts, decor, {
      userId: ctx.userId > 0 ? ctx.userId : null,
      isPrivate: input.isPrivate,
      isForwarded: false,
      quotedMsgId: validQuoted?.id ?? null,
      markRead: true,
    });
    if (!input.isPrivate) {
      const sends = stored.messages.map((message, i) => {
        const draft = drafts[i]!;
        const extras: OutboundExtras = {
          ...(draft.media ? { media: draft.media } : {}),
          ...(draft.vcard ? { vcard: draft.vcard } : {}),
          ...(validQuoted?.wid ? { quotedExternalId: validQuoted.wid } : {}),
        };
        return this.sender.dispatch(ctx, stored.ticket, contact, message, extras);
      });
      if (options.awaitSend) {
        const failures = await Promise.all(sends);
        stored.messages.forEach((message, i) => {
          if (failures[i]) message.sendError = failures[i];
        });
      }
    }
    this.sender.markRead(ctx, stored.ticket, contact, stored.readIds);
    if (!input.isPrivate && ctx.userId > 0) await this.agentSpoke(ctx, stored.ticket);
    return this.lookups.records(ctx.companyId, stored.messages);
  }

  /**
   * A bot/system text on a ticket (farewell, transfer, greeting): stored fromMe, then sent; `awaitSend`
   * waits for the channel, which keeps the bot's texts in order.
   */
  async sendSystemText(
    ctx: RequestContext,
    ticketId: number,
    text: string,
    options: { awaitSend?: boolean } = {},
  ): Promise<void> {
    if (!text.trim()) return;
    await this.sendSystem(ctx, ticketId, { body: text, mediaType: 'chat' }, options);
  }

  /** A stored file sent by the bot (a file list's option), with its caption. */
  async sendSystemMedia(
    ctx: RequestContext,
    ticketId: number,
    media: StoredMedia,
    caption: string,
    options: { awaitSend?: boolean } = {},
  ): Promise<void> {
    if (!keyBelongsToCompany(media.key, ctx.companyId)) return;
    await this.sendSystem(
      ctx,
      ticketId,
      { body: caption, mediaType: media.mediaType, media },
      options,
    );
  }

  private async sendSystem(
    ctx: RequestContext,
    ticketId: number,
    draft: Draft,
    options: { awaitSend?: boolean },
  ): Promise<void> {
    const ticket = await this.lookups.ticket(ctx, ticketId);
    const contact = await this.lookups.contact(ctx, ticket.contactId);
    if (!contact.active) return;
    const body = draft.body ? await this.expand(ctx, ticket, contact, draft.body) : '';
    const decor = await this.view.decor(ctx, ticket);
    const stored = await this.store.outgoing(ctx, ticket.id, contact, [{ ...draft, body }], decor, {
      userId: null,
      isPrivate: false,
      isForwarded: false,
      quotedMsgId: null,
      markRead: false,
    });
    for (const message of stored.messages) {
      const sent = this.sender.dispatch(
        ctx,
        stored.ticket,
        contact,
        message,
        draft.media ? { media: draft.media } : {},
      );
      if (options.awaitSend) await sent;
    }
  }

  /** An agent's message restarts or stops the ticket's inactivity timers (whenExpiresTicket). */
  private async agentSpoke(ctx: RequestContext, ticket: Ticket): Promise<void> {
    if (ticket.status !== 'open' || ticket.userId === null || ticket.isGroup) return;
    const connection = await this.connectors.connection(ctx, ticket.whatsappId);
    if (!connection) return;
    await this.jobs.applyInactivity(
      this.transactions.manager,
      { companyId: ctx.companyId, ticketId: ticket.id },
      inactivityPlan(connection.inactivity, 'agent', this.clock.now()),
    );
  }

  private async expand(
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    body: string,
  ): Promise<string> {
    if (!body.includes('{{')) return body;
    const [userName, queue, connection] = await Promise.all([
      this.identity.userName(ctx, ticket.userId ?? (ctx.userId || null)),
      this.ticketRows.queue(ctx.companyId, ticket.queueId),
      this.connectors.connection(ctx, ticket.whatsappId),
    ]);
    return fillPlaceholders(body, {
      contactName: contact.name,
      ticketId: ticket.id,
      protocol: ticketProtocol(ticket),
      userName,
      queueName: queue?.name ?? '',
      connectionName: connection?.name ?? '',
      lang: ctx.lang,
      now: new Date(),
    });
  }
}
