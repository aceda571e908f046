import { Injectable } from '@nestjs/common';
import type { ChannelKind, TicketLogType, TicketStatus } from '@sb/contracts';
import { In, type EntityManager } from 'typeorm';
import { Contact } from '../contacts/contact.entity.js';
import { Message } from '../messages/message.entity.js';
import { Ticket, TicketLog, TicketTracking } from '../tickets/ticket.entity.js';
import { ActiveTicketStatuses } from './inbound-rules.js';

/** The SQL of the inbound flow; every method runs in the caller's transaction and takes companyId. */
@Injectable()
export class InboundRepository {
  /**
   * Transaction-scoped advisory locks on the message's person keys (inbound-rules lockKeys), taken in the
   * given (sorted) order: concurrent messages of one person find or create their contact and ticket
   * one after the other; other people are not held up.
   */
  async lockPeople(manager: EntityManager, companyId: number, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await manager.query(
      `SELECT pg_advisory_xact_lock($1::integer, hashtext(k.key))
         FROM unnest($2::text[]) WITH ORDINALITY AS k(key, n) ORDER BY k.n`,
      [companyId, keys],
    );
  }

  /** Whether a message with this channel id is stored (a duplicate delivery, or our own echo). */
  async hasMessage(manager: EntityManager, companyId: number, wid: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM messages WHERE company_id = $1 AND wid = $2 LIMIT 1',
      [companyId, wid],
    );
    return rows.length > 0;
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

  /** The contact a peer is: its number or its LID, the row holding the phone number first. */
  findContact(
    manager: EntityManager,
    companyId: number,
    channel: ChannelKind,
    number: string,
    lid: string | undefined,
  ): Promise<Contact | null> {
    return manager
      .getRepository(Contact)
      .createQueryBuilder('c')
      .where('c.company_id = :companyId AND c.channel = :channel', { companyId, channel })
      .andWhere(lid ? '(c.number = :number OR c.lid = :lid)' : 'c.number = :number', { lid })
      .orderBy('CASE WHEN c.number = :number THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .setParameter('number', number)
      .getOne();
  }

  /** The active ticket of the contact on the connection, locked for the change. */
  findActiveTicket(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    whatsappId: number,
  ): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId AND t.contact_id = :contactId', { companyId, contactId })
      .andWhere('COALESCE(t.whatsapp_id, 0) = :whatsappId', { whatsappId })
      .andWhere('t.status IN (:...statuses)', { statuses: [...ActiveTicketStatuses] })
      .getOne();
  }

  /** The contact's most recent ticket on the connection (closed, since no active one exists). */
  findLatestTicket(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    whatsappId: number,
  ): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId AND t.contact_id = :contactId', { companyId, contactId })
      .andWhere('t.whatsapp_id = :whatsappId', { whatsappId })
      .orderBy('t.updated_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .getOne();
  }

  insertTicket(manager: EntityManager, fields: Partial<Ticket>): Promise<Ticket> {
    const repository = manager.getRepository(Ticket);
    return repository.save(repository.create(fields));
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

  /** A new service cycle (the reports' ticket tracking) and the timeline entry of the change. */
  async startCycle(
    manager: EntityManager,
    ticket: Ticket,
    log: TicketLogType,
    at: Date,
  ): Promise<void> {
    await manager.getRepository(TicketTracking).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: null,
      queueId: ticket.queueId,
      queuedAt: ticket.queueId ? at : null,
    });
    await manager.getRepository(TicketLog).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      type: log,
      userId: null,
      queueId: ticket.queueId,
    });
  }

  /** A new row (its id is set by the caller, so no read-before-write as `save` would do). */
  async insertMessage(manager: EntityManager, fields: Partial<Message>): Promise<Message> {
    const repository = manager.getRepository(Message);
    const message = repository.create(fields);
    // insert() writes the database defaults back onto the entity it is given
    await repository.insert(message as Parameters<typeof repository.insert>[0]);
    return message;
  }

  /** A message of the contact or of our phone: the ticket's last message, unread count and activity. */
  async touchTicket(
    manager: EntityManager,
    ticket: Ticket,
    change: { lastMessage: string; fromMe: boolean; unread: number },
  ): Promise<void> {
    const rows: [{ unread_messages: number; updated_at: Date }[], number] = await manager.query(
      `UPDATE tickets SET last_message = $3, from_me = $4,
              unread_messages = unread_messages + $5, updated_at = now()
        WHERE company_id = $1 AND id = $2
        RETURNING unread_messages, updated_at`,
      [ticket.companyId, ticket.id, change.lastMessage, change.fromMe, change.unread],
    );
    const row = rows[0][0];
    ticket.lastMessage = change.lastMessage;
    ticket.fromMe = change.fromMe;
    if (row) {
      ticket.unreadMessages = row.unread_messages;
      ticket.updatedAt = new Date(row.updated_at);
    }
  }

  /** An edit or a revoke of a stored message, by the channel. */
  async updateMessage(
    manager: EntityManager,
    message: Message,
    changes: Partial<Pick<Message, 'body' | 'isEdited' | 'isDeleted'>>,
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

  contactsByIds(manager: EntityManager, companyId: number, ids: number[]): Promise<Contact[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.getRepository(Contact).findBy({ companyId, id: In(ids) });
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
