import { Injectable } from '@nestjs/common';
import type { TicketLogType, TicketStatus } from '@sb/contracts';
import { bulkInsert, entityColumns, toEntities } from '@sb/platform/db';
import { In, type EntityManager } from 'typeorm';
import { Contact } from '../contacts/contact.entity.js';
import { Message } from '../messages/message.entity.js';
import { Ticket, TicketLog, TicketTracking } from '../tickets/core/ticket.entity.js';
import {
  ActiveTicketStatuses,
  pickContact,
  type ContactLookup,
  type PersonKey,
} from './inbound-rules.js';

/** A channel message id within its company. */
export type WidRef = { companyId: number; wid: string };

/** A contact's conversation on a connection. */
export type ConversationRef = { companyId: number; contactId: number; whatsappId: number };

/**
 * The SQL of the inbound flow; every method runs in the caller's transaction and takes companyId. The
 * batch methods answer a whole round of a batch with one statement each.
 */
@Injectable()
export class InboundRepository {
  /**
   * Transaction-scoped advisory locks on the batch's person keys (inbound-rules personKeys), taken in
   * (company, key) order: concurrent messages of one person find or create their contact and ticket
   * one after the other, two batches never wait on each other in opposite orders, and other people
   * are not held up.
   */
  async lockPeople(manager: EntityManager, keys: PersonKey[]): Promise<void> {
    if (keys.length === 0) return;
    await manager.query(
      `SELECT pg_advisory_xact_lock(k.company_id, hashtext(k.key))
         FROM unnest($1::integer[], $2::text[]) WITH ORDINALITY AS k(company_id, key, n)
        ORDER BY k.n`,
      [keys.map((key) => key.companyId), keys.map((key) => key.key)],
    );
  }

  /** The channel ids already stored (`companyId:wid`): second deliveries, or our own echoes. */
  async storedWids(manager: EntityManager, refs: WidRef[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    // one unique-index lookup per id (LATERAL), whatever the planner guesses of the arrays
    const rows: { company_id: number; wid: string }[] = await manager.query(
      `SELECT m.company_id, m.wid
         FROM unnest($1::integer[], $2::text[]) AS r(company_id, wid)
         CROSS JOIN LATERAL (
           SELECT company_id, wid FROM messages
            WHERE company_id = r.company_id AND wid = r.wid) m`,
      [refs.map((ref) => ref.companyId), refs.map((ref) => ref.wid)],
    );
    return new Set(rows.map((row) => `${row.company_id}:${row.wid}`));
  }

  findMessage(manager: EntityManager, companyId: number, id: string): Promise<Message | null> {
    return manager.getRepository(Message).findOneBy({ companyId, id });
  }

  findMessageByWid(
    manager: EntityManager,
    companyId: number,
    wid: string,
  ): Promise<Message | null> {
    return manager.getRepository(Message).findOneBy({ companyId, wid });
  }

  messagesByWids(manager: EntityManager, refs: WidRef[]): Promise<Message[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(Message)
      .findBy(refs.map(({ companyId, wid }) => ({ companyId, wid })));
  }

  /** The contact a peer is: its number or its LID, the row holding the phone number first. */
  async findContact(manager: EntityManager, lookup: ContactLookup): Promise<Contact | null> {
    return pickContact(await this.findContacts(manager, [lookup]), lookup);
  }

  /** Every contact any of the lookups may be, some twice (pickContact chooses each one's). */
  async findContacts(manager: EntityManager, lookups: ContactLookup[]): Promise<Contact[]> {
    if (lookups.length === 0) return [];
    // one pair of index lookups per peer (LATERAL): a join over the arrays could let the planner
    // pick the trigram index of the number, which is built for search, not equality
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT ${entityColumns(manager, Contact, 'x')}
         FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[]) AS p(company_id, channel, number, lid)
         CROSS JOIN LATERAL (
           SELECT k.* FROM contacts k
            WHERE k.company_id = p.company_id AND k.channel = p.channel AND k.number = p.number
           UNION ALL
           SELECT k.* FROM contacts k
            WHERE p.lid IS NOT NULL AND k.company_id = p.company_id AND k.channel = p.channel
              AND k.lid = p.lid) x`,
      [
        lookups.map((lookup) => lookup.companyId),
        lookups.map((lookup) => lookup.channel),
        lookups.map((lookup) => lookup.number),
        lookups.map((lookup) => lookup.lid),
      ],
    );
    return toEntities(manager, Contact, rows);
  }

  /** The active tickets of these conversations, locked for the change. */
  findActiveTickets(manager: EntityManager, refs: ConversationRef[]): Promise<Ticket[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return manager.getRepository(Ticket).find({
      where: refs.map(({ companyId, contactId, whatsappId }) => ({
        companyId,
        contactId,
        whatsappId,
        status: In([...ActiveTicketStatuses]),
      })),
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The contact's most recent ticket on the connection (closed, since no active one exists). */
  findLatestTicket(manager: EntityManager, ref: ConversationRef): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId AND t.contact_id = :contactId', ref)
      .andWhere('t.whatsapp_id = :whatsappId', ref)
      .orderBy('t.updated_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .getOne();
  }

  /**
   * New rows with one statement, read back with the database's ids and defaults. A round of inbound
   * traffic spans companies: each row names its own.
   */
  async insertTickets(
    manager: EntityManager,
    fields: (Partial<Ticket> & { companyId: number })[],
  ): Promise<Ticket[]> {
    return bulkInsert(manager, Ticket, fields);
  }

  /** A closed ticket active again: no agent holds it until one accepts it. */
  async reopenTicket(
    manager: EntityManager,
    ticket: Ticket,
    status: TicketStatus,
  ): Promise<TicketStatus> {
    const previous = ticket.status;
    await manager
      .getRepository(Ticket)
      .update({ companyId: ticket.companyId, id: ticket.id }, { status, userId: null });
    ticket.status = status;
    ticket.userId = null;
    return previous;
  }

  /** New service cycles (the reports' ticket tracking) and the timeline entries of the changes. */
  async startCycles(
    manager: EntityManager,
    cycles: { ticket: Ticket; log: TicketLogType; at: Date }[],
  ): Promise<void> {
    if (cycles.length === 0) return;
    await bulkInsert(
      manager,
      TicketTracking,
      cycles.map(({ ticket, at }) => ({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        userId: null,
        queueId: ticket.queueId,
        queuedAt: ticket.queueId ? at : null,
      })),
    );
    await bulkInsert(
      manager,
      TicketLog,
      cycles.map(({ ticket, log }) => ({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        type: log,
        userId: null,
        queueId: ticket.queueId,
      })),
    );
  }

  /**
   * New rows (their ids are set by the caller) with one statement, read back with defaults; each row
   * names its company (a round spans companies).
   */
  async insertMessages(
    manager: EntityManager,
    fields: (Partial<Message> & { companyId: number })[],
  ): Promise<Message[]> {
    return bulkInsert(manager, Message, fields);
  }

  /**
   * Messages of the contacts or of our phone: each ticket's last message, unread count and activity,
   * one statement for the round (a ticket appears once in a round).
   */
  async touchTickets(
    manager: EntityManager,
    changes: { ticket: Ticket; lastMessage: string; fromMe: boolean; unread: number }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const rows: [{ id: number; unread_messages: number; updated_at: Date }[], number] =
      await manager.query(
        `UPDATE tickets t SET last_message = c.last_message, from_me = c.from_me,
                unread_messages = t.unread_messages + c.unread, updated_at = now()
           FROM unnest($1::integer[], $2::integer[], $3::text[], $4::boolean[], $5::integer[])
                AS c(company_id, id, last_message, from_me, unread)
          WHERE t.company_id = c.company_id AND t.id = c.id AND t.id = ANY($2::integer[])
          RETURNING t.id, t.unread_messages, t.updated_at`,
        [
          changes.map(({ ticket }) => ticket.companyId),
          changes.map(({ ticket }) => ticket.id),
          changes.map((change) => change.lastMessage),
          changes.map((change) => change.fromMe),
          changes.map((change) => change.unread),
        ],
      );
    const stored = new Map(rows[0].map((row) => [row.id, row]));
    for (const { ticket, lastMessage, fromMe } of changes) {
      ticket.lastMessage = lastMessage;
      ticket.fromMe = fromMe;
      const row = stored.get(ticket.id);
      if (row) {
        ticket.unreadMessages = row.unread_messages;
        ticket.updatedAt = new Date(row.updated_at);
      }
    }
  }

  /** An edit or a revoke of a stored message, by the channel. */
  async updateMessage(
    manager: EntityManager,
    message: Message,
    changes: Partial<Pick<Message, 'body' | 'isEdited'>>,
  ): Promise<Message> {
    await manager
      .getRepository(Message)
      .update({ companyId: message.companyId, id: message.id }, changes);
    return Object.assign(message, changes, { updatedAt: new Date() });
  }

  findTicket(manager: EntityManager, companyId: number, id: number): Promise<Ticket | null> {
    return manager.getRepository(Ticket).findOneBy({ companyId, id });
  }

  findContactById(manager: EntityManager, companyId: number, id: number): Promise<Contact | null> {
    return manager.getRepository(Contact).findOneBy({ companyId, id });
  }

  contactsByIds(
    manager: EntityManager,
    refs: { companyId: number; id: number }[],
  ): Promise<Contact[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(Contact)
      .findBy(refs.map(({ companyId, id }) => ({ companyId, id })));
  }

  /** The active ticket of a connection's conversation with this number or LID (presence updates). */
  findActiveByPeer(
    manager: EntityManager,
    companyId: number,
    whatsappId: number,
    peerNumber: string,
  ): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .innerJoin(Contact, 'c', 'c.id = t.contact_id AND c.company_id = t.company_id')
      .where('t.company_id = :companyId AND t.whatsapp_id = :whatsappId', {
        companyId,
        whatsappId,
      })
      .andWhere('(c.number = :peer OR c.lid = :peer)', { peer: peerNumber })
      .andWhere('t.status IN (:...statuses)', { statuses: [...ActiveTicketStatuses] })
      .getOne();
  }
}
