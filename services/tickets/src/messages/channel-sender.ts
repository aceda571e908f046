import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  sendFailureCode,
  Subjects,
  type ChannelPeer,
  type MessageEventData,
  type ReadMessagesCommand,
  type RequestContext,
  type SendMessageCommand,
  type StoredMedia,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import type { Contact } from '../contacts/contact.entity.js';
import { recordEvent } from '../records/record-changes.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { MediaUrls } from '../media/media-urls.js';
import type { Message } from './message.entity.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { toMessageRecord } from './message-view.js';
import { MessagesRepository } from './messages.repository.js';

/** How long the channel may take to accept one outbound message. */
const SendTimeoutMs = 30_000;

export type OutboundExtras = {
  media?: StoredMedia;
  quotedExternalId?: string;
  vcard?: string;
  reaction?: SendMessageCommand['reaction'];
};

/**
 * The catalogue code of a refused send (the connector's own code, else ERR_SENDING_WAPP_MSG), made
 * precise by the refusal's reason (the 24-hour window has its own code, so the ticket says why).
 */
export const sendErrorCode = (err: unknown): string => {
  const failure = err as { code?: unknown; details?: unknown } | null;
  const code = failure?.code;
  // an unknown failure inside the connector is still a failed send
  return typeof code === 'string' && code !== 'ERR_INTERNAL' && /^ERR_[A-Z0-9_]{1,56}$/.test(code)
    ? sendFailureCode(code, failure?.details)
    : 'ERR_SENDING_WAPP_MSG';
};

export const peerOf = (contact: Contact): ChannelPeer => ({
  number: contact.number,
  ...(contact.lid ? { lid: contact.lid } : {}),
  isGroup: contact.isGroup,
});

/**
 * Sends stored messages to their channel after the commit that stored them, so the HTTP answer never
 * waits on WhatsApp. A failed send never loses the message: it stays stored with ack 0 (the clock icon)
 * and no channel id, and the failure is logged with the message id; acks only ever move it forward.
 */
@Injectable()
export class ChannelSender {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly view: TicketRecords,
    private readonly mediaUrls: MediaUrls,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Sends without throwing: a refusal is recorded on the message (sendError) and logged, and the
   * promise resolves with its code (null when sent). Callers that need no order leave the promise
   * alone; the bot awaits it to keep its texts in order, a schedule to learn whether it went out.
   */
  dispatch(
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    message: Message,
    extras: OutboundExtras,
  ): Promise<string | null> {
    const sent = this.send(ctx, ticket, contact, message, extras).then(() => null);
    return sent.catch(async (err: unknown) => {
      const code = sendErrorCode(err);
      this.logger.warn(
        { err, code, messageId: message.id, ticketId: ticket.id, companyId: ticket.companyId },
        'outbound message not sent; kept with ack 0',
      );
      try {
        await this.transactions.inTenant(ctx.companyId, async (manager) => {
          const current = await this.repository.findMessage(ticket.companyId, message.id, manager);
          if (!current || current.wid) return;
          await this.repository.updateMessage(manager, ticket.companyId, message.id, {
            sendError: code,
          });
          current.sendError = code;
          await this.emitMessageUpdated(manager, ctx, ticket, contact, current);
        });
      } catch (recordErr) {
        this.logger.warn({ err: recordErr, messageId: message.id }, 'send failure not recorded');
      }
      return code;
    });
  }

  /** Sends and records the channel's id and first ack; rejects when the channel refused. */
  async send(
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    message: Message,
    extras: OutboundExtras,
  ): Promise<void> {
    if (!ticket.whatsappId) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    const command: SendMessageCommand = {
      connectionId: ticket.whatsappId,
      peer: peerOf(contact),
      body: message.body,
      ...(extras.media ? { media: extras.media } : {}),
      ...(extras.quotedExternalId ? { quotedExternalId: extras.quotedExternalId } : {}),
      ...(extras.vcard ? { vcard: extras.vcard } : {}),
      ...(extras.reaction ? { reaction: extras.reaction } : {}),
    };
    const result = await this.bus.request(
      Subjects.connectors.messageSend,
      { ctx, data: command },
      { timeoutMs: SendTimeoutMs },
    );
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const current = await this.repository.findMessage(ticket.companyId, message.id, manager);
      if (!current) return;
      // an ack event may have arrived before this answer (it then found no row by wid)
      const ack = result.ack > current.ack ? result.ack : current.ack;
      await this.repository.updateMessage(manager, ticket.companyId, message.id, {
        wid: result.externalId,
        ack,
        sendError: null,
      });
      current.wid = result.externalId;
      current.ack = ack;
      current.sendError = null;
      await this.emitMessageUpdated(manager, ctx, ticket, contact, current);
    });
  }

  /**
   * A message's update event (ack, channel id, failure, edit, revoke) with its ticket and contact as the
   * open chats show them, through the outbox of `manager`'s transaction.
   */
  async emitMessageUpdated(
    manager: EntityManager,
    ctx: RequestContext,
    ticket: Ticket,
    contact: Contact,
    message: Message,
  ): Promise<void> {
    const hide = await this.view.hideInEvents(ctx);
    const { ticket: ticketRecord, contact: summary } = await this.view.withContact(
      ctx,
      ticket,
      contact,
      hide,
      manager,
    );
    const quoted = message.quotedMsgId
      ? await this.repository.findMessage(ticket.companyId, message.quotedMsgId, manager)
      : null;
    const data: MessageEventData = {
      message: toMessageRecord(message, quoted, new Map([[contact.id, contact]]), (key) =>
        this.mediaUrls.url(key),
      ),
      ticket: ticketRecord,
      contact: summary,
    };
    await recordEvent(manager, ticket.companyId, {
      ...DomainEventTypes.tickets.messageUpdated,
      data,
    });
  }

  /** Read receipts for the contact's messages (after commit; failures only logged). */
  markRead(ctx: RequestContext, ticket: Ticket, contact: Contact, externalIds: string[]): void {
    if (!ticket.whatsappId || externalIds.length === 0) return;
    const command: ReadMessagesCommand = {
      connectionId: ticket.whatsappId,
      peer: peerOf(contact),
      externalIds,
    };
    this.bus
      .request(Subjects.connectors.messageRead, { ctx, data: command }, { timeoutMs: 10_000 })
      .catch((err: unknown) => {
        this.logger.debug({ err, ticketId: ticket.id }, 'read receipt not sent');
      });
  }
}
