import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  canSeeTicket,
  DomainEventTypes,
  MessageEditInput,
  MessageForwardInput,
  MessageListQuery,
  MessageReactionInput,
  MessageSendInput,
  MessagesPageSize,
  MaxTicketImages,
  Subjects,
  type EditMessageCommand,
  type MessageDeletedEventData,
  type MessageEventData,
  type MessageRecord,
  type MessagesPage,
  type MessagesRead,
  type RequestContext,
  type RevokeMessageCommand,
  type StoredMedia,
  type TicketEventData,
  type TicketImages,
  type TicketUnreadEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import type { Clock } from '@sb/platform/clock';
import { BUS, CLOCK, LOGGER } from '@sb/platform/nest';
import { keyBelongsToCompany, type ObjectStat } from '@sb/storage';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import type { Contact } from '../contacts/contact.entity.js';
import { orCreationFailure } from '../records/creation-failures.js';
import { recordEvent } from '../records/record-changes.js';
import { MediaStorage } from '../media/media-storage.js';
import { MediaUrls } from '../media/media-urls.js';
import { AutomationJobs } from '../ticket-core/automation-jobs.repository.js';
import { inactivityPlan } from '../ticket-core/inactivity-timers.js';
import type { Ticket } from '../ticket-core/ticket.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import { TicketsRepository } from '../ticket-core/tickets.repository.js';
import { ChannelSender, peerOf, type OutboundExtras } from './channel-sender.js';
import type { Message } from './message.entity.js';
import { mayEdit } from './message-acks.js';
import { fillPlaceholders, signBody, ticketProtocol } from './message-placeholders.js';
import { MessageDeletion } from './message-deletion.js';
import { TicketRecords, type TicketDecor } from '../ticket-core/ticket-records.js';
import { lastMessageText, toMessageRecord } from './message-view.js';
import { MessagesRepository } from './messages.repository.js';
import { requireOwnMedias, StoredMediaInput } from './stored-medias.js';

const TicketIdInput = z.object({ ticketId: z.coerce.number().int().positive() });
const MessageIdInput = z.object({ id: z.string().uuid() });
const SendRequest = MessageSendInput.extend({
  ticketId: z.coerce.number().int().positive(),
  medias: z.array(StoredMediaInput).max(10).optional(),
});

/** A new message before it is stored. */
type Draft = {
  body: string;
  mediaType: Message['mediaType'];
  media?: StoredMedia;
  vcard?: string;
};

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

@Injectable()
export class MessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly view: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly numbers: NumberVisibility,
    private readonly connectors: ConnectorsDirectory,
    private readonly ticketRows: TicketsRepository,
    private readonly sender: ChannelSender,
    private readonly mediaUrls: MediaUrls,
    private readonly jobs: AutomationJobs,
    private readonly deletion: MessageDeletion,
    private readonly storage: MediaStorage,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** GET /messages/:ticketId: 20 per page, newest page first, oldest first inside a page. */
  async page(call: CallContext, data: unknown): Promise<MessagesPage> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const query = parseInput(MessageListQuery, data ?? {});
    const ticket = await this.ticketOf(ctx, ticketId);
    const contact = await this.contactOf(ctx, ticket.contactId);
    const offset = (query.pageNumber - 1) * MessagesPageSize;
    const { rows, count } = await this.repository.page(
      ctx.companyId,
      ticket,
      query.selectedQueues,
      offset,
      MessagesPageSize,
    );
    if (query.pageNumber === 1) await this.markRead(ctx, ticket, contact);
    const messages = await this.records(ctx.companyId, rows.reverse());
    const hide = await this.numbers.masksFor(ctx);
    const { ticket: record } = await this.view.withContact(ctx, ticket, contact, hide);
    return { messages, ticket: record, count, hasMore: count > offset + rows.length };
  }

  /** POST /messages/:ticketId/read: the open chat marks what arrived while it is open as read. */
  async read(call: CallContext, data: unknown): Promise<MessagesRead> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const ticket = await this.ticketOf(ctx, ticketId);
    await this.markRead(ctx, ticket, await this.contactOf(ctx, ticket.contactId));
    return { ticketId, unreadMessages: ticket.unreadMessages };
  }

  /** POST /messages/:ticketId: stored with its events in one transaction, sent after commit. */
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
    const ticket = await this.ticketOf(ctx, input.ticketId);
    const [contact, decor, quoted] = await Promise.all([
      this.contactOf(ctx, ticket.contactId),
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

    const stored = await this.store(ctx, ticket.id, contact, drafts, decor, {
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
    return this.records(ctx.companyId, stored.messages);
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
    const ticket = await this.ticketOf(ctx, ticketId);
    const contact = await this.contactOf(ctx, ticket.contactId);
    if (!contact.active) return;
    const body = draft.body ? await this.expand(ctx, ticket, contact, draft.body) : '';
    const decor = await this.view.decor(ctx, ticket);
    const stored = await this.store(ctx, ticket.id, contact, [{ ...draft, body }], decor, {
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

  /** DELETE /messages/:id: own messages only; revoked for everyone; private notes are destroyed. */
  async remove(call: CallContext, data: unknown): Promise<{ id: string }> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const message = await this.messageOf(ctx, id);
    if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION');
    const ticket = await this.ticketOf(ctx, message.ticketId);
    const contact = await this.contactOf(ctx, ticket.contactId);
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
  async edit(call: CallContext, data: unknown): Promise<MessageRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const { body } = parseInput(MessageEditInput, data ?? {});
    const message = await this.messageOf(ctx, id);
    const ticket = await this.ticketOf(ctx, message.ticketId);
    const contact = await this.contactOf(ctx, ticket.contactId);
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
    const [record] = await this.records(ctx.companyId, [message]);
    return record!;
  }

  /**
   * POST /message/forward: one message (or several, in order) to a contact, on the source ticket's
   * connection. The contact's active ticket there is reused (a pending one without a user is taken by
   * the requester); otherwise a ticket is created, open (group for groups) and assigned to the
   * requester. Files are checked in storage first: a file that is gone refuses the whole call
   * (ERR_WAPP_DOWNLOAD_MEDIA) before anything is stored.
   */
  async forward(call: CallContext, data: unknown): Promise<MessageRecord | MessageRecord[]> {
    const ctx = requireMember(call);
    const input = parseInput(MessageForwardInput, data ?? {});
    const ids = input.messageIds ?? [input.messageId!];
    const sources: Message[] = [];
    for (const id of new Set(ids)) {
      const source = await this.messageOf(ctx, id);
      // private notes never leave the company; deleted ones are gone
      if (source.isDeleted || source.isPrivate) throw new AppError('ERR_NO_MESSAGE_FOUND');
      if (source.mediaType === 'call_log' || source.mediaType === 'reactionMessage') {
        throw new AppError('ERR_VALIDATION', {
          fields: { messageId: ['A call log or a reaction cannot be forwarded'] },
        });
      }
      sources.push(source);
    }
    const sourceTickets = new Map<number, Ticket>();
    for (const source of sources) {
      if (!sourceTickets.has(source.ticketId)) {
        sourceTickets.set(source.ticketId, await this.ticketOf(ctx, source.ticketId));
      }
    }
    const connections = new Set([...sourceTickets.values()].map((t) => t.whatsappId));
    if (connections.size > 1) {
      throw new AppError('ERR_VALIDATION', {
        fields: { messageIds: ['The messages must come from one connection'] },
      });
    }
    const whatsappId = [...connections][0] ?? null;
    const contact = await this.repository.findContact(ctx.companyId, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (!contact.active) throw new AppError('ERR_CONTACT_BLOCKED');
    const medias = await Promise.all(sources.map((source) => this.forwardedMedia(source)));
    let signer: string | null = null;
    if (input.signMessage && sources.some((s) => s.body && s.mediaType === 'chat')) {
      if ((await this.identity.cachedSetting(ctx, 'sendSignMessage')) === 'enabled') {
        signer = await this.identity.userName(ctx, ctx.userId);
      }
    }
    const drafts: Draft[] = sources.map((source, i) => {
      const media = medias[i];
      const body =
        signer && source.body && source.mediaType === 'chat'
          ? signBody(source.body, signer)
          : source.body;
      return { body, mediaType: source.mediaType, ...(media ? { media } : {}) };
    });
    const target = await this.forwardTarget(ctx, contact, whatsappId);
    const decor = await this.view.decor(ctx, target);
    const stored = await this.store(ctx, target.id, contact, drafts, decor, {
      userId: ctx.userId,
      isPrivate: false,
      isForwarded: true,
      quotedMsgId: null,
      markRead: false,
    });
    // one at a time, in order, so the contact reads them as they were chosen
    void (async () => {
      for (const [i, message] of stored.messages.entries()) {
        const media = drafts[i]!.media;
        await this.sender.dispatch(ctx, stored.ticket, contact, message, media ? { media } : {});
      }
    })();
    const records = await this.records(ctx.companyId, stored.messages);
    return input.messageIds ? records : records[0]!;
  }

  /** The contact's active ticket on the connection (taken by the requester when unassigned), or a new one. */
  private forwardTarget(
    ctx: RequestContext,
    contact: Contact,
    whatsappId: number | null,
  ): Promise<Ticket> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const active = await this.repository.activeTicket(
        manager,
        ctx.companyId,
        contact.id,
        whatsappId,
      );
      const status = contact.isGroup ? 'group' : 'open';
      if (!active) {
        const created = await orCreationFailure(
          'ERR_CREATING_TICKET',
          () =>
            this.ticketRows.insert(manager, ctx.companyId, {
              uuid: randomUUID(),
              status,
              isGroup: contact.isGroup,
              channel: contact.channel,
              contactId: contact.id,
              whatsappId,
              queueId: null,
              userId: ctx.userId,
            }),
          // a ticket opened for this contact meanwhile: the caller may simply try again
          { uniqueToo: true },
        );
        await this.emitTicket(ctx, manager, created, contact);
        return created;
      }
      if (active.status === 'pending' && !active.userId) {
        await this.ticketRows.update(manager, ctx.companyId, active.id, {
          status,
          userId: ctx.userId,
        });
        const previousStatus = active.status;
        active.status = status;
        active.userId = ctx.userId;
        await this.emitTicket(ctx, manager, active, contact, previousStatus);
      }
      return active;
    });
  }

  /** A forwarded file as stored (its real type and size), or ERR_WAPP_DOWNLOAD_MEDIA when it is gone. */
  private async forwardedMedia(source: Message): Promise<StoredMedia | undefined> {
    if (!source.mediaKey) return undefined;
    let stat: ObjectStat | undefined;
    try {
      stat = await (await this.storage.get()).stat(source.mediaKey);
    } catch (err) {
      this.logger.warn({ err, messageId: source.id }, 'forwarded media not readable');
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
    }
    if (!stat) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
    return {
      key: source.mediaKey,
      mimeType: stat.contentType || mimeOf(source),
      fileName: source.mediaName ?? 'file',
      size: stat.size,
      mediaType: source.mediaType,
    };
  }

  /**
   * POST /messages/:id/reactions: an emoji on a message of the conversation, stored as a
   * `reactionMessage` quoting it and sent to the channel. The message must have reached the channel
   * (ERR_FETCH_WAPP_MSG otherwise: a private note, a failed send).
   */
  async react(call: CallContext, data: unknown): Promise<MessageRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(MessageIdInput, data);
    const { type } = parseInput(MessageReactionInput, data ?? {});
    const target = await this.messageOf(ctx, id);
    if (target.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
    if (target.mediaType === 'reactionMessage') {
      throw new AppError('ERR_VALIDATION', { fields: { id: ['A reaction takes no reaction'] } });
    }
    const ticket = await this.ticketOf(ctx, target.ticketId);
    if (!target.wid) throw new AppError('ERR_FETCH_WAPP_MSG');
    const [contact, decor] = await Promise.all([
      this.contactOf(ctx, ticket.contactId),
      this.view.decor(ctx, ticket),
    ]);
    if (!contact.active) throw new AppError('ERR_CONTACT_BLOCKED');
    const stored = await this.store(
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
    const [record] = await this.records(ctx.companyId, [message]);
    return record!;
  }

  /** GET /messages/listimages/:ticketId: the conversation's images (the newest ones), oldest first. */
  async images(call: CallContext, data: unknown): Promise<TicketImages> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, data);
    const ticket = await this.ticketOf(ctx, ticketId);
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

  private async store(
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

  private async emitTicket(
    ctx: RequestContext,
    manager: EntityManager,
    ticket: Ticket,
    contact: Contact,
    previousStatus?: Ticket['status'],
  ): Promise<void> {
    const hide = await this.view.hideInEvents(ctx);
    const { ticket: record } = await this.view.withContact(ctx, ticket, contact, hide, manager);
    const event: TicketEventData = previousStatus
      ? { ticket: record, previousStatus }
      : { ticket: record };
    await recordEvent(manager, ctx.companyId, {
      ...DomainEventTypes.tickets.ticketUpdated,
      data: event,
    });
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

  private async records(companyId: number, rows: Message[]): Promise<MessageRecord[]> {
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
   * The ticket the caller may see (ticket-core/ticket-rules canSeeTicket), else ERR_NO_TICKET_FOUND, the same
   * answer as another company's. Admins and the system's own calls (userId 0) skip the identity lookup.
   */
  private async ticketOf(ctx: RequestContext, id: number): Promise<Ticket> {
    const ticket = await this.ticketRows.findById(ctx.companyId, id);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ctx.userId > 0 && ctx.profile !== 'admin' && !ctx.super) {
      if (!canSeeTicket(await this.identity.viewer(ctx), ticket)) {
        throw new AppError('ERR_NO_TICKET_FOUND');
      }
    }
    return ticket;
  }

  private async contactOf(ctx: RequestContext, id: number): Promise<Contact> {
    const contact = await this.repository.findContact(ctx.companyId, id);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    return contact;
  }

  private async messageOf(ctx: RequestContext, id: string): Promise<Message> {
    const message = await this.repository.findMessage(ctx.companyId, id);
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
    return message;
  }
}

/** A forwarded file keeps its type; the exact MIME type is the connector's to read from storage. */
const ForwardMimeTypes: Partial<Record<Message['mediaType'], string>> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
};
const mimeOf = (message: Message): string =>
  ForwardMimeTypes[message.mediaType] ?? 'application/octet-stream';
