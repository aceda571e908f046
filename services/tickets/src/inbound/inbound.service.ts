import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  eventSubject,
  normaliseContactNumber,
  type ChannelPeer,
  type DomainEvent,
  type InboundMessageEventData,
  type MessageEventData,
  type PresenceEventData,
  type RequestContext,
  type TicketEventData,
  type TicketStatus,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import type { Contact } from '../contacts/contact.entity.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { systemContext } from '../messages/channel-sender.js';
import type { Message } from '../messages/message.entity.js';
import { ChannelDirectory } from '../messages/channel-directory.js';
import { MessageTicketView } from '../messages/message-ticket-view.js';
import { lastMessageText, toMessageRecord } from '../messages/message-view.js';
import { MediaUrls } from '../quick-messages/media-urls.js';
import type { Ticket } from '../tickets/ticket.entity.js';
import {
  contactChanges,
  countsAsUnread,
  groupSettingsOf,
  inboundMessageFields,
  lockKeys,
  messageTime,
  planInboundTicket,
  skipReason,
  type GroupSettings,
} from './inbound-rules.js';
import { InboundRepository } from './inbound.repository.js';

/** One inbound message on its way through the steps, filled in as they run. */
export type InboundTurn = {
  companyId: number;
  ctx: RequestContext;
  data: InboundMessageEventData;
  groups: GroupSettings;
  /** lgpdHideNumber: the socket events mask numbers */
  hide: boolean;
  /** the conversation's contact (the group for group messages) */
  contact?: Contact;
  /** who wrote it: the contact, or the group member */
  sender?: Contact;
  /** the conversation's contact was created by this message: it has no ticket yet */
  newContact?: boolean;
  ticket?: Ticket;
  /** set when this message made the ticket active again */
  previousStatus?: TicketStatus;
  message?: Message;
  quoted?: Message | null;
};

/**
 * One step of the inbound flow. The first slice runs contact → ticket → message → announce; the later
 * rules (timeCreateNewTicket window, greeting, queue menu, hours, LGPD, rating, bots) are steps placed
 * between them. `stop` ends the turn (the transaction still commits what the earlier steps wrote).
 */
export type InboundStep = {
  name: string;
  run(turn: InboundTurn, manager: EntityManager): Promise<'continue' | 'stop'>;
};

/** The presence the ticket shows while the contact types or records (never stored). */
const livePresence = (presence: PresenceEventData['presence']) =>
  presence === 'composing' || presence === 'recording' ? presence : null;

/** A typing indicator older than this is not worth showing. */
const PresenceMaxAgeMs = 30_000;

/** Stores what contacts write (connectors.message.received) on the right contact and ticket, once. */
@Injectable()
export class InboundService {
  readonly steps: InboundStep[] = [
    { name: 'contact', run: (turn, manager) => this.resolveContact(turn, manager) },
    { name: 'ticket', run: (turn, manager) => this.resolveTicket(turn, manager) },
    { name: 'message', run: (turn, manager) => this.storeMessage(turn, manager) },
    { name: 'announce', run: (turn, manager) => this.announce(turn, manager) },
  ];

  constructor(
    private readonly repository: InboundRepository,
    private readonly contacts: ContactsService,
    private readonly view: MessageTicketView,
    private readonly directory: ChannelDirectory,
    private readonly mediaUrls: MediaUrls,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Applies one event in the consumer's transaction (which also records it as processed). */
  async receive(
    event: DomainEvent<InboundMessageEventData>,
    manager: EntityManager,
  ): Promise<void> {
    const companyId = event.companyId;
    const data = event.data;
    const ctx = systemContext(companyId);
    const [groups, hide] = await Promise.all([
      this.directory.connection(ctx, data.connectionId).then(groupSettingsOf),
      this.view.hideInEvents(ctx),
    ]);
    const skip = skipReason(data, groups);
    if (skip) {
      this.logger.debug({ companyId, externalId: data.externalId, skip }, 'inbound skipped');
      return;
    }
    const turn: InboundTurn = { companyId, ctx, data, groups, hide };
    if (data.kind === 'edit' || data.kind === 'revoke') return this.changeMessage(turn, manager);
    await this.repository.lockPeople(
      manager,
      companyId,
      lockKeys(data.channel, [data.peer, data.peer.isGroup ? data.participant : undefined]),
    );
    // a second delivery of one channel message, or our own send echoed back by the channel
    if (await this.repository.hasMessage(manager, companyId, data.externalId)) return;
    for (const step of this.steps) {
      if ((await step.run(turn, manager)) === 'stop') return;
    }
  }

  /** The typing/recording indicator of the contact's active ticket on that connection, live only. */
  async presence(event: DomainEvent<PresenceEventData>, manager: EntityManager): Promise<void> {
    const companyId = event.companyId;
    const { connectionId, peerNumber, presence } = event.data;
    if (Date.now() - new Date(event.occurredAt).getTime() > PresenceMaxAgeMs) return;
    const number = normaliseContactNumber(peerNumber);
    if (!number) return;
    const ticket = await this.repository.findActiveByPeer(manager, companyId, connectionId, number);
    if (!ticket) return;
    const contact = await this.repository.findContactById(manager, companyId, ticket.contactId);
    if (!contact) return;
    const ctx = systemContext(companyId);
    const hide = await this.view.hideInEvents(ctx);
    const { ticket: record } = await this.view.record(ctx, ticket, contact, hide, manager);
    const data: TicketEventData = { ticket: { ...record, presence: livePresence(presence) } };
    const { service, entity, action } = DomainEventTypes.tickets.ticketUpdated;
    // nothing changes in the store, so nothing goes through the outbox: the indicator is published as is
    await this.bus.publish({
      id: randomUUID(),
      subject: eventSubject(companyId, service, entity, action),
      companyId,
      occurredAt: new Date().toISOString(),
      data,
    });
  }

  private async resolveContact(turn: InboundTurn, manager: EntityManager): Promise<'continue'> {
    const { data } = turn;
    turn.contact = await this.findOrCreateContact(turn, manager, data.peer, true);
    turn.sender =
      data.peer.isGroup && data.participant && !data.fromMe
        ? await this.findOrCreateContact(turn, manager, { ...data.participant, isGroup: false })
        : turn.contact;
    return 'continue';
  }

  /**
   * The fast path reads the contact and, when the message teaches nothing new, uses it as is; a new
   * person or a changed one goes through ContactsService (one rule, one contact event).
   */
  private async findOrCreateContact(
    turn: InboundTurn,
    manager: EntityManager,
    peer: ChannelPeer,
    conversation = false,
  ): Promise<Contact> {
    const { companyId, data } = turn;
    const number = normaliseContactNumber(peer.number, peer.isGroup);
    const lid = peer.lid?.trim() || undefined;
    const found = await this.repository.findContact(manager, companyId, data.channel, number, lid);
    if (found && Object.keys(contactChanges(found, peer)).length === 0) return found;
    if (conversation && !found) turn.newContact = true;
    const record = await this.contacts.findOrCreateFromPeer(
      companyId,
      data.channel,
      peer,
      manager,
      turn.hide,
      found,
    );
    const contact = await this.repository.findContactById(manager, companyId, record.id);
    if (!contact) throw new Error(`contact ${record.id} vanished in its own transaction`);
    return contact;
  }

  private async resolveTicket(turn: InboundTurn, manager: EntityManager): Promise<'continue'> {
    const { companyId, data } = turn;
    const contact = turn.contact!;
    const whatsappId = data.connectionId;
    // a contact created by this very message has no ticket to look for
    const active = turn.newContact
      ? null
      : await this.repository.findActiveTicket(manager, companyId, contact.id, whatsappId);
    const latest =
      active || turn.newContact
        ? null
        : await this.repository.findLatestTicket(manager, companyId, contact.id, whatsappId);
    const plan = planInboundTicket({
      active,
      latest,
      isGroup: contact.isGroup,
      imported: data.imported === true,
      groups: turn.groups,
    });
    const now = new Date();
    switch (plan.kind) {
      case 'reuse':
        turn.ticket = active!;
        break;
      case 'attach':
        turn.ticket = latest!;
        break;
      case 'reopen':
        turn.ticket = latest!;
        turn.previousStatus = await this.repository.reopenTicket(manager, latest!, plan.status);
        await this.repository.startCycle(manager, latest!, 'pending', now);
        break;
      case 'create':
        turn.ticket = await this.repository.insertTicket(manager, {
          uuid: randomUUID(),
          companyId,
          status: plan.status,
          isGroup: contact.isGroup,
          channel: data.channel,
          contactId: contact.id,
          whatsappId,
          imported: data.imported === true,
        });
        await this.repository.startCycle(manager, turn.ticket, 'create', now);
        break;
    }
    return 'continue';
  }

  private async storeMessage(turn: InboundTurn, manager: EntityManager): Promise<'continue'> {
    const { companyId, data } = turn;
    const ticket = turn.ticket!;
    const fields = inboundMessageFields(companyId, data);
    const quotedWid = data.kind === 'reaction' ? data.targetExternalId : data.quotedExternalId;
    turn.quoted = quotedWid
      ? await this.repository.findMessageByWid(manager, companyId, quotedWid)
      : null;
    const at = messageTime(data.sentAt, new Date());
    turn.message = await this.repository.insertMessage(manager, {
      id: randomUUID(),
      wid: data.externalId,
      companyId,
      ticketId: ticket.id,
      contactId: data.fromMe ? null : turn.sender!.id,
      queueId: ticket.queueId,
      userId: null,
      ...fields,
      fromMe: data.fromMe,
      read: data.fromMe,
      ack: data.fromMe ? 1 : 0,
      quotedMsgId: turn.quoted?.id ?? null,
      createdAt: at,
      updatedAt: at,
    });
    await this.repository.touchTicket(manager, ticket, {
      lastMessage: lastMessageText(turn.message),
      fromMe: data.fromMe,
      unread: countsAsUnread(data) ? 1 : 0,
    });
    return 'continue';
  }

  /** The new message (company-<id>-appMessage create) and the ticket (company-<id>-ticket update). */
  private async announce(turn: InboundTurn, manager: EntityManager): Promise<'continue'> {
    const { companyId, ctx, hide } = turn;
    const ticket = turn.ticket!;
    const contact = turn.contact!;
    const { ticket: record, contact: summary } = await this.view.record(
      ctx,
      ticket,
      contact,
      hide,
      manager,
    );
    const names = new Map<number, { name: string }>([[contact.id, contact]]);
    if (turn.sender) names.set(turn.sender.id, turn.sender);
    if (turn.quoted?.contactId && !names.has(turn.quoted.contactId)) {
      const [quotedSender] = await this.repository.contactsByIds(manager, companyId, [
        turn.quoted.contactId,
      ]);
      if (quotedSender) names.set(quotedSender.id, quotedSender);
    }
    const message: MessageEventData = {
      message: toMessageRecord(turn.message!, turn.quoted ?? null, names, (key) =>
        this.mediaUrls.url(key),
      ),
      ticket: record,
      contact: summary,
    };
    await Outbox.add(manager, {
      companyId,
      ...DomainEventTypes.tickets.messageCreated,
      data: message,
    });
    const update: TicketEventData = turn.previousStatus
      ? { ticket: record, previousStatus: turn.previousStatus }
      : { ticket: record };
    await Outbox.add(manager, {
      companyId,
      ...DomainEventTypes.tickets.ticketUpdated,
      data: update,
    });
    return 'continue';
  }

  /** An edit or a revoke by the channel: the stored message changes (company-<id>-appMessage update). */
  private async changeMessage(turn: InboundTurn, manager: EntityManager): Promise<void> {
    const { companyId, ctx, data, hide } = turn;
    if (!data.targetExternalId) return;
    const target = await this.repository.findMessageByWid(
      manager,
      companyId,
      data.targetExternalId,
    );
    if (!target || target.isDeleted) return;
    if (data.kind === 'edit') {
      if (!data.body || data.body === target.body) return;
      await this.repository.updateMessage(manager, target, { body: data.body, isEdited: true });
    } else {
      await this.repository.updateMessage(manager, target, { isDeleted: true });
    }
    const ticket = await this.repository.findTicket(manager, companyId, target.ticketId);
    if (!ticket) return;
    const contact = await this.repository.findContactById(manager, companyId, ticket.contactId);
    if (!contact) return;
    const { ticket: record, contact: summary } = await this.view.record(
      ctx,
      ticket,
      contact,
      hide,
      manager,
    );
    const ids = [...new Set([contact.id, target.contactId].filter((id) => id !== null))];
    const names = new Map(
      (await this.repository.contactsByIds(manager, companyId, ids)).map((c) => [c.id, c]),
    );
    const quoted = target.quotedMsgId
      ? await this.repository.findMessage(manager, companyId, target.quotedMsgId)
      : null;
    const event: MessageEventData = {
      message: toMessageRecord(target, quoted, names, (key) => this.mediaUrls.url(key)),
      ticket: record,
      contact: summary,
    };
    await Outbox.add(manager, {
      companyId,
      ...DomainEventTypes.tickets.messageUpdated,
      data: event,
    });
  }
}
