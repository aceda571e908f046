import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  MessageForwardInput,
  type MessageRecord,
  type RequestContext,
  type StoredMedia,
  type TicketEventData,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER, BusHandler } from '@sb/platform/nest';
import type { ObjectStat } from '@sb/storage';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import type { Contact } from '../contacts/contact.entity.js';
import { orCreationFailure } from '../records/creation-failures.js';
import { recordEvent } from '../records/record-changes.js';
import { MediaStorage } from '../media/media-storage.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { ChannelSender } from './channel-sender.js';
import type { Message } from './message.entity.js';
import { signBody } from './message-placeholders.js';
import { MessageLookups } from './message-lookups.js';
import { MessageStore, type Draft } from './message-store.js';
import { MessagesRepository } from './messages.repository.js';

/** Forwarding messages to a contact, on the contact's active ticket or a new one. */
@Injectable()
export class MessageForwarding {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: MessagesRepository,
    private readonly lookups: MessageLookups,
    private readonly store: MessageStore,
    private readonly view: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly ticketRows: TicketsRepository,
    private readonly sender: ChannelSender,
    private readonly storage: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * POST /message/forward: one message (or several, in order) to a contact, on the source ticket's
   * connection. The contact's active ticket there is reused (a pending one without a user is taken by
   * the requester); otherwise a ticket is created, open (group for groups) and assigned to the
   * requester. Files are checked in storage first: a file that is gone refuses the whole call
   * (ERR_WAPP_DOWNLOAD_MEDIA) before anything is stored.
   */
  @BusHandler(Subjects.tickets.messageForward)
  async forward(call: CallContext, data: unknown): Promise<MessageRecord | MessageRecord[]> {
    const ctx = requireMember(call);
    const input = parseInput(MessageForwardInput, data ?? {});
    const ids = input.messageIds ?? [input.messageId!];
    const sources: Message[] = [];
    for (const id of new Set(ids)) {
      const source = await this.lookups.message(ctx, id);
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
        sourceTickets.set(source.ticketId, await this.lookups.ticket(ctx, source.ticketId));
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
    const stored = await this.store.outgoing(ctx, target.id, contact, drafts, decor, {
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
    const records = await this.lookups.records(ctx.companyId, stored.messages);
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
}

/** A forwarded file keeps its type; the exact MIME type is the connector's to read from storage. */
const ForwardMimeTypes: Partial<Record<Message['mediaType'], string>> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
};
const mimeOf = (message: Message): string =>
  ForwardMimeTypes[message.mediaType] ?? 'application/octet-stream';
