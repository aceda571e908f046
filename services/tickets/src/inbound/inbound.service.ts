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
  type TicketEventData,
  type TicketStatus,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { Outbox, type OutboxEntry } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import type { Contact } from '../contacts/contact.entity.js';
import { recordEvent } from '../records/record-changes.js';
import { AutomationStep } from '../bot/automation/automation.step.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { systemContext } from '../directories/system-context.js';
import type { Message } from '../messages/message.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { MessageDeletion } from '../messages/message-deletion.js';
import { TicketRecords } from '../tickets/core/ticket-records.js';
import { lastMessageText, toMessageRecord } from '../messages/message-view.js';
import { MediaUrls } from '../media/media-urls.js';
import {
  contactChanges,
  countsAsUnread,
  groupSettingsOf,
  inboundMessageFields,
  intoRounds,
  lockKeys,
  lockOrder,
  messageTime,
  pickContact,
  planInboundTicket,
  skipReason,
} from './inbound-rules.js';
import type { InboundTurn } from '../bot/automation/inbound-turn.js';
import { InboundRepository } from './inbound.repository.js';

/**
 * One step of the inbound flow, run for a round of a batch: messages of different people, so a step
 * can read and write for all of them with one statement each. The first slice runs contact → ticket →
 * message → announce; the later rules (timeCreateNewTicket window, greeting, queue menu, hours, LGPD,
 * rating, bots) are steps placed between them, and a step that ends a message's turn marks it done.
 */
export type InboundStep = {
  name: string;
  run(turns: InboundTurn[], manager: EntityManager): Promise<void>;
};

/** The presence the ticket shows while the contact types or records (never stored). */
const livePresence = (presence: PresenceEventData['presence']) =>
  presence === 'composing' || presence === 'recording' ? presence : null;

/** A typing indicator older than this is not worth showing. */
const PresenceMaxAgeMs = 30_000;

const contactLookup = (companyId: number, data: InboundMessageEventData, peer: ChannelPeer) => ({
  companyId,
  channel: data.channel,
  number: normaliseContactNumber(peer.number, peer.isGroup),
  lid: peer.lid?.trim() || null,
});

const live = (turns: InboundTurn[]) => turns.filter((turn) => !turn.done);

/** Stores what contacts write (connectors.message.received) on the right contact and ticket, once. */
@Injectable()
export class InboundService {
  readonly steps: InboundStep[] = [
    { name: 'contact', run: (turns, manager) => this.resolveContacts(turns, manager) },
    { name: 'ticket', run: (turns, manager) => this.resolveTickets(turns, manager) },
    { name: 'message', run: (turns, manager) => this.storeMessages(turns, manager) },
    { name: 'automation', run: (turns, manager) => this.automation.run(turns, manager) },
    { name: 'announce', run: (turns, manager) => this.announce(turns, manager) },
  ];

  constructor(
    private readonly repository: InboundRepository,
    private readonly contacts: ContactsService,
    private readonly view: TicketRecords,
    private readonly connectors: ConnectorsDirectory,
    private readonly mediaUrls: MediaUrls,
    private readonly automation: AutomationStep,
    private readonly deletion: MessageDeletion,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Applies a batch of events in the consumer's transaction (which also records them as processed):
   * the people's locks first, then round by round, each round one person at most once.
   */
  async receive(
    events: DomainEvent<InboundMessageEventData>[],
    manager: EntityManager,
  ): Promise<void> {
    const turns = (await Promise.all(events.map((event) => this.turnOf(event)))).filter(
      (turn): turn is InboundTurn => turn !== null,
    );
    if (turns.length === 0) return;
    await this.repository.lockPeople(
      manager,
      lockOrder(
        turns.flatMap((turn) => turn.keys.map((key) => ({ companyId: turn.companyId, key }))),
      ),
    );
    const fresh = await this.withoutStored(turns, manager);
    const rounds = intoRounds(fresh, (turn) => turn.keys.map((key) => `${turn.companyId}|${key}`));
    for (const round of rounds) {
      const messages = round.filter(
        (turn) => turn.data.kind !== 'edit' && turn.data.kind !== 'revoke',
      );
      for (const step of this.steps) {
        const todo = live(messages);
        if (todo.length === 0) break;
        await step.run(todo, manager);
      }
      for (const turn of round)
        if (!messages.includes(turn)) await this.changeMessage(turn, manager);
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
    const { ticket: record } = await this.view.withContact(ctx, ticket, contact, hide, manager);
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

  /** The turn of an event, or null when it is not stored at all (broadcasts, refused groups, …). */
  private async turnOf(event: DomainEvent<InboundMessageEventData>): Promise<InboundTurn | null> {
    const companyId = event.companyId;
    const data = event.data;
    const ctx = systemContext(companyId);
    const [connection, hide] = await Promise.all([
      this.connectors.connection(ctx, data.connectionId),
      this.view.hideInEvents(ctx),
    ]);
    const groups = groupSettingsOf(connection);
    const skip = skipReason(data, groups);
    if (skip) {
      this.logger.debug({ companyId, externalId: data.externalId, skip }, 'inbound skipped');
      return null;
    }
    const keys = lockKeys(data.channel, [
      data.peer,
      data.peer.isGroup ? data.participant : undefined,
    ]);
    const closeImported = connection?.closeImported === true;
    return { companyId, ctx, data, groups, closeImported, hide, keys };
  }

  /**
   * Drops second deliveries of one channel message and our own sends echoed back by the channel (the
   * message is stored), and a message repeated within the batch. Edits and revokes carry their own id.
   */
  private async withoutStored(turns: InboundTurn[], manager: EntityManager) {
    const isNew = (turn: InboundTurn) => turn.data.kind !== 'edit' && turn.data.kind !== 'revoke';
    const stored = await this.repository.storedWids(
      manager,
      turns.filter(isNew).map((turn) => ({ companyId: turn.companyId, wid: turn.data.externalId })),
    );
    return turns.filter((turn) => {
      if (!isNew(turn)) return true;
      const key = `${turn.companyId}:${turn.data.externalId}`;
      if (stored.has(key)) return false;
      stored.add(key);
      return true;
    });
  }

  /**
   * Known contacts the message teaches nothing new are used as read; people met for the first time are
   * created together; a changed contact or a group member goes through ContactsService one by one (one
   * rule, one contact event).
   */
  private async resolveContacts(turns: InboundTurn[], manager: EntityManager): Promise<void> {
    const lookups = turns.map((turn) => contactLookup(turn.companyId, turn.data, turn.data.peer));
    const found = await this.repository.findContacts(manager, lookups);
    const unknown: InboundTurn[] = [];
    for (const [index, turn] of turns.entries()) {
      const { data } = turn;
      const contact = pickContact(found, lookups[index]!);
      if (!contact) unknown.push(turn);
      else if (Object.keys(contactChanges(contact, data.peer)).length === 0) turn.contact = contact;
      else turn.contact = await this.changedContact(turn, manager, data.peer, contact);
    }
    const created = await this.contacts.createFromPeers(
      manager,
      unknown.map((turn) => ({
        companyId: turn.companyId,
        channel: turn.data.channel,
        peer: turn.data.peer,
        hideNumbers: turn.hide,
      })),
    );
    unknown.forEach((turn, index) => {
      turn.contact = created[index];
      turn.newContact = true;
    });
    for (const turn of turns) {
      const { data } = turn;
      turn.sender =
        data.peer.isGroup && data.participant && !data.fromMe
          ? await this.member(turn, manager, { ...data.participant, isGroup: false })
          : turn.contact;
    }
  }

  /** A group member who wrote: found, learnt from, or created. */
  private async member(turn: InboundTurn, manager: EntityManager, peer: ChannelPeer) {
    const found = await this.repository.findContact(
      manager,
      contactLookup(turn.companyId, turn.data, peer),
    );
    if (found && Object.keys(contactChanges(found, peer)).length === 0) return found;
    return this.changedContact(turn, manager, peer, found);
  }

  /** A new or changed contact through ContactsService (one rule, one contact event), read back. */
  private async changedContact(
    turn: InboundTurn,
    manager: EntityManager,
    peer: ChannelPeer,
    found: Contact | null,
  ): Promise<Contact> {
    const { companyId, data } = turn;
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

  /** The active ticket is reused; a new contact's tickets are created together; the rest one by one. */
  private async resolveTickets(turns: InboundTurn[], manager: EntityManager): Promise<void> {
    const known = turns.filter((turn) => !turn.newContact);
    const active = await this.repository.findActiveTickets(
      manager,
      known.map((turn) => this.conversationOf(turn)),
    );
    const creating: { turn: InboundTurn; status: TicketStatus }[] = [];
    const reopened: InboundTurn[] = [];
    for (const turn of turns) {
      const { companyId, data } = turn;
      const contact = turn.contact!;
      const current = turn.newContact
        ? undefined
        : active.find(
            (ticket) =>
              ticket.companyId === companyId &&
              ticket.contactId === contact.id &&
              ticket.whatsappId === data.connectionId,
          );
      const latest =
        current || turn.newContact
          ? null
          : await this.repository.findLatestTicket(manager, this.conversationOf(turn));
      const plan = planInboundTicket({
        active: current ?? null,
        latest,
        isGroup: contact.isGroup,
        imported: data.imported === true,
        groups: turn.groups,
        closeImported: turn.closeImported,
      });
      switch (plan.kind) {
        case 'reuse':
          turn.ticket = current!;
          break;
        case 'attach':
          turn.ticket = latest!;
          break;
        case 'reopen':
          turn.ticket = latest!;
          turn.previousStatus = await this.repository.reopenTicket(manager, latest!, plan.status);
          reopened.push(turn);
          break;
        case 'create':
          creating.push({ turn, status: plan.status });
          break;
      }
    }
    const created = await this.repository.insertTickets(
      manager,
      creating.map(({ turn, status }) => ({
        uuid: randomUUID(),
        companyId: turn.companyId,
        status,
        isGroup: turn.contact!.isGroup,
        channel: turn.data.channel,
        contactId: turn.contact!.id,
        whatsappId: turn.data.connectionId,
        imported: turn.data.imported === true,
      })),
    );
    creating.forEach(({ turn }, index) => {
      turn.ticket = created[index];
      turn.newTicket = true;
    });
    const now = new Date();
    await this.repository.startCycles(manager, [
      ...reopened.map((turn) => ({ ticket: turn.ticket!, log: 'pending' as const, at: now })),
      // a ticket made closed (an imported history's) has no service cycle to start
      ...creating
        .filter(({ status }) => status !== 'closed')
        .map(({ turn }) => ({ ticket: turn.ticket!, log: 'create' as const, at: now })),
    ]);
  }

  private conversationOf(turn: InboundTurn) {
    return {
      companyId: turn.companyId,
      contactId: turn.contact!.id,
      whatsappId: turn.data.connectionId,
    };
  }

  private async storeMessages(turns: InboundTurn[], manager: EntityManager): Promise<void> {
    const quotedWid = (data: InboundMessageEventData) =>
      data.kind === 'reaction' ? data.targetExternalId : data.quotedExternalId;
    const quoted = await this.repository.messagesByWids(
      manager,
      turns.flatMap((turn) => {
        const wid = quotedWid(turn.data);
        return wid ? [{ companyId: turn.companyId, wid }] : [];
      }),
    );
    const now = new Date();
    const rows = turns.map((turn): Partial<Message> & { companyId: number } => {
      const { companyId, data } = turn;
      const wid = quotedWid(data);
      turn.quoted = wid
        ? (quoted.find((message) => message.companyId === companyId && message.wid === wid) ?? null)
        : null;
      const at = messageTime(data.sentAt, now);
      return {
        id: randomUUID(),
        wid: data.externalId,
        companyId,
        ticketId: turn.ticket!.id,
        contactId: data.fromMe ? null : turn.sender!.id,
        queueId: turn.ticket!.queueId,
        userId: null,
        ...inboundMessageFields(companyId, data),
        fromMe: data.fromMe,
        read: data.fromMe,
        ack: data.fromMe ? 1 : 0,
        quotedMsgId: turn.quoted?.id ?? null,
        createdAt: at,
        updatedAt: at,
      };
    });
    const messages = await this.repository.insertMessages(manager, rows);
    turns.forEach((turn, index) => (turn.message = messages[index]));
    await this.repository.touchTickets(
      manager,
      turns.map((turn) => ({
        ticket: turn.ticket!,
        lastMessage: lastMessageText(turn.message!),
        fromMe: turn.data.fromMe,
        unread: countsAsUnread(turn.data) ? 1 : 0,
      })),
    );
  }

  /**
   * The new messages, each one event that is also its ticket's update (the sockets get
   * company-<id>-appMessage create and company-<id>-ticket update), written to the outbox with one
   * statement.
   */
  private async announce(turns: InboundTurn[], manager: EntityManager): Promise<void> {
    const records = await this.view.manyWithContact(
      turns.map((turn) => ({
        ctx: turn.ctx,
        ticket: turn.ticket!,
        contact: turn.contact!,
        hide: turn.hide,
        created: turn.newTicket,
      })),
      manager,
    );
    const quotedSenders = await this.repository.contactsByIds(
      manager,
      turns.flatMap((turn) =>
        turn.quoted?.contactId ? [{ companyId: turn.companyId, id: turn.quoted.contactId }] : [],
      ),
    );
    const entries: OutboxEntry[] = turns.flatMap((turn, index) => {
      const { companyId } = turn;
      const { ticket: record, contact: summary } = records[index]!;
      const names = new Map<number, { name: string }>([[turn.contact!.id, turn.contact!]]);
      if (turn.sender) names.set(turn.sender.id, turn.sender);
      for (const sender of quotedSenders)
        if (sender.companyId === companyId && !names.has(sender.id)) names.set(sender.id, sender);
      const message: MessageEventData = {
        message: toMessageRecord(turn.message!, turn.quoted ?? null, names, (key) =>
          this.mediaUrls.url(key),
        ),
        ticket: record,
        contact: summary,
        // the message moved the ticket (last message, unread count, perhaps a reopen): one event says both
        ticketChange: turn.previousStatus ? { previousStatus: turn.previousStatus } : {},
      };
      return [{ companyId, ...DomainEventTypes.tickets.messageCreated, data: message }];
    });
    await Outbox.addMany(manager, entries);
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
      await this.deletion.apply(manager, ctx, target);
    }
    const ticket = await this.repository.findTicket(manager, companyId, target.ticketId);
    if (!ticket) return;
    const contact = await this.repository.findContactById(manager, companyId, ticket.contactId);
    if (!contact) return;
    const { ticket: record, contact: summary } = await this.view.withContact(
      ctx,
      ticket,
      contact,
      hide,
      manager,
    );
    const ids = [...new Set([contact.id, target.contactId].filter((id) => id !== null))];
    const names = new Map(
      (
        await this.repository.contactsByIds(
          manager,
          ids.map((id) => ({ companyId, id })),
        )
      ).map((c) => [c.id, c]),
    );
    const quoted = target.quotedMsgId
      ? await this.repository.findMessage(manager, companyId, target.quotedMsgId)
      : null;
    const event: MessageEventData = {
      message: toMessageRecord(target, quoted, names, (key) => this.mediaUrls.url(key)),
      ticket: record,
      contact: summary,
    };
    await recordEvent(manager, companyId, {
      ...DomainEventTypes.tickets.messageUpdated,
      data: event,
    });
  }
}
