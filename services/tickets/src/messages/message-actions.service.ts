import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  MessageEditInput,
  MessageReactionInput,
  Subjects,
  type EditMessageCommand,
  type MessageDeletedEventData,
  type MessageRecord,
  type RevokeMessageCommand,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER, BusHandler } from '@sb/platform/nest';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { recordEvent } from '../records/record-changes.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { ChannelSender, peerOf } from './channel-sender.js';
import { mayEdit } from './message-acks.js';
import { MessageDeletion } from './message-deletion.js';
import { MessageLookups } from './message-lookups.js';
import { MessageStore } from './message-store.js';
import { MessagesRepository } from './messages.repository.js';

const MessageIdInput = z.object({ id: z.string().uuid() });

/** What an agent does to a message already in the conversation: delete, edit, react to it. */
@Injectable()
export class MessageActions {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly lookups: MessageLookups,
    private readonly store: MessageStore,
    private readonly view: TicketRecords,
    private readonly sender: ChannelSender,
    private readonly deletion: MessageDeletion,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** DELETE /messages/:id: own messages only; revoked for everyone; private notes are destroyed. */
  @BusHandler(Subjects.tickets.messageDelete)
  async remove(call: CallContext, data: unknown): Promise<{ id: string }> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const message = await this.lookups.message(ctx, id);
    if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION');
    const ticket = await this.lookups.ticket(ctx, message.ticketId);
    const contact = await this.lookups.contact(ctx, ticket.contactId);
    if (message.isPrivate) {
      await this.transactions.inTenant(ctx.companyId, async (manager) => {
        await this.repository.deleteMessage(manager, ctx.companyId, id);
        const event: MessageDeletedEventData = {
          messageId: id,
          ticketId: ticket.id,
          status: ticket.status,
        };
        await recordEvent(manager, ctx.companyId, {
          ...DomainEventTypes.tickets.messageDeleted,
          data: event,
        });
      });
      return { id };
    }
    if (message.isDeleted) return { id };
    if (message.wid && ticket.whatsappId) {
      const command: RevokeMessageCommand = {
        connectionId: ticket.whatsappId,
        peer: peerOf(contact),
        externalId: message.wid,
        fromMe: true,
      };
      try {
        await this.bus.request(Subjects.connectors.messageRevoke, { ctx, data: command });
      } catch (err) {
        this.logger.warn({ err, messageId: id }, 'revoke failed');
        throw new AppError('ERR_DELETE_WAPP_MSG');
      }
    }
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.deletion.apply(manager, ctx, message);
      await this.sender.emitMessageUpdated(manager, ctx, ticket, contact, message);
    });
    return { id };
  }

  /** PUT /messages/:id: own texts only, inside the channel's edit window. */
  @BusHandler(Subjects.tickets.messageEdit)
  async edit(call: CallContext, data: unknown): Promise<MessageRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const { body } = parseInput(MessageEditInput, data ?? {});
    const message = await this.lookups.message(ctx, id);
    const ticket = await this.lookups.ticket(ctx, message.ticketId);
    const contact = await this.lookups.contact(ctx, ticket.contactId);
    if (!mayEdit(message, ticket.channel, new Date())) {
      throw new AppError('ERR_NO_PERMISSION', { message: 'This message can no longer be edited.' });
    }
    if (message.wid && ticket.whatsappId && !message.isPrivate) {
      const command: EditMessageCommand = {
        connectionId: ticket.whatsappId,
        peer: peerOf(contact),
        externalId: message.wid,
        body,
      };
      try {
        await this.bus.request(Subjects.connectors.messageEdit, { ctx, data: command });
      } catch (err) {
        this.logger.warn({ err, messageId: id }, 'edit failed');
        throw new AppError('ERR_SENDING_WAPP_MSG');
      }
    }
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.repository.updateMessage(manager, ctx.companyId, id, { body, isEdited: true });
      message.body = body;
      message.isEdited = true;
      await this.sender.emitMessageUpdated(manager, ctx, ticket, contact, message);
    });
    const [record] = await this.lookups.records(ctx.companyId, [message]);
    return record!;
  }

  /**
   * POST /messages/:id/reactions: an emoji on a message of the conversation, stored as a
   * `reactionMessage` quoting it and sent to the channel. The message must have reached the channel
   * (ERR_FETCH_WAPP_MSG otherwise: a private note, a failed send).
   */
  @BusHandler(Subjects.tickets.messageReact)
  async react(call: CallContext, data: unknown): Promise<MessageRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const { type } = parseInput(MessageReactionInput, data ?? {});
    const target = await this.lookups.message(ctx, id);
    if (target.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
    if (target.mediaType === 'reactionMessage') {
      throw new AppError('ERR_VALIDATION', { fields: { id: ['A reaction takes no reaction'] } });
    }
    const ticket = await this.lookups.ticket(ctx, target.ticketId);
    if (!target.wid) throw new AppError('ERR_FETCH_WAPP_MSG');
    const [contact, decor] = await Promise.all([
      this.lookups.contact(ctx, ticket.contactId),
      this.view.decor(ctx, ticket),
    ]);
    if (!contact.active) throw new AppError('ERR_CONTACT_BLOCKED');
    const stored = await this.store.outgoing(
      ctx,
      ticket.id,
      contact,
      [{ body: type, mediaType: 'reactionMessage' }],
      decor,
      {
        userId: ctx.userId,
        isPrivate: false,
        isForwarded: false,
        quotedMsgId: target.id,
        markRead: true,
      },
    );
    const message = stored.messages[0]!;
    void this.sender.dispatch(ctx, stored.ticket, contact, message, {
      reaction: { externalId: target.wid, fromMe: target.fromMe },
    });
    const [record] = await this.lookups.records(ctx.companyId, [message]);
    return record!;
  }
}
