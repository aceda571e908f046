import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { MessageAck } from '@sb/contracts';
import { DataSource, In, Not, type EntityManager } from 'typeorm';
import { Contact } from '../contacts/contact.entity.js';
import { Ticket } from '../tickets/core/ticket.entity.js';
import { Message } from './message.entity.js';

/**
 * The messages (`m`) of a ticket's conversation: every ticket (`t`) of its contact on its connection,
 * as the message pages show it.
 */
const conversation = (manager: EntityManager, companyId: number, ticket: Ticket) =>
  manager
    .getRepository(Message)
    .createQueryBuilder('m')
    .innerJoin(Ticket, 't', 't.id = m.ticket_id')
    .where('m.company_id = :companyId AND t.company_id = :companyId', { companyId })
    .andWhere('t.contact_id = :contactId', { contactId: ticket.contactId })
    .andWhere('COALESCE(t.whatsapp_id, 0) = :whatsappId', { whatsappId: ticket.whatsappId ?? 0 });

/** Every method is scoped by companyId. */
@Injectable()
export class MessagesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  findContact(companyId: number, id: number, within?: EntityManager): Promise<Contact | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Contact).findOneBy({ companyId, id }),
      within,
    );
  }

  findMessage(companyId: number, id: string, within?: EntityManager): Promise<Message | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Message).findOneBy({ companyId, id }),
      within,
    );
  }

  findMessages(companyId: number, ids: string[]): Promise<Message[]> {
    return this.transactions.read(companyId, async (manager) => {
      if (ids.length === 0) return Promise.resolve([]);
      return manager.getRepository(Message).findBy({ companyId, id: In(ids) });
    });
  }

  findByWid(manager: EntityManager, companyId: number, wid: string): Promise<Message | null> {
    return manager.getRepository(Message).findOneBy({ companyId, wid });
  }

  contactsByIds(companyId: number, ids: number[]): Promise<Contact[]> {
    return this.transactions.read(companyId, async (manager) => {
      if (ids.length === 0) return Promise.resolve([]);
      return manager.getRepository(Contact).findBy({ companyId, id: In(ids) });
    });
  }

  /**
   * One page of the conversation with this contact on this connection: every ticket of the contact on
   * the connection (its earlier tickets are the history), newest first. `queueIds` limits the earlier
   * tickets to those queues (and tickets without a queue); the asked ticket is always included.
   */
  async page(
    companyId: number,
    ticket: Ticket,
    queueIds: number[] | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: Message[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const query = conversation(manager, companyId, ticket);
      if (queueIds && queueIds.length > 0) {
        query.andWhere('(t.id = :ticketId OR t.queue_id IS NULL OR t.queue_id IN (:...queueIds))', {
          ticketId: ticket.id,
          queueIds,
        });
      }
      const [rows, count] = await query
        .orderBy('m.created_at', 'DESC')
        .addOrderBy('m.id', 'DESC')
        .skip(offset)
        .take(limit)
        .getManyAndCount();
      return { rows, count };
    });
  }

  /**
   * The newest images of a ticket's conversation (every ticket of its contact on its connection, as the
   * message pages show it), newest first; deleted ones left out.
   */
  async images(companyId: number, ticket: Ticket, limit: number): Promise<Message[]> {
    return this.transactions.read(companyId, (manager) =>
      conversation(manager, companyId, ticket)
        .andWhere("m.media_type = 'image' AND m.media_key IS NOT NULL AND NOT m.is_deleted")
        .orderBy('m.created_at', 'DESC')
        .addOrderBy('m.id', 'DESC')
        .take(limit)
        .getMany(),
    );
  }

  /**
   * The latest text lines of a ticket's conversation for an external bot, oldest first: no private,
   * deleted or call-log lines, a contact's audio only when it has no text of its own.
   */
  async botHistory(
    companyId: number,
    ticketId: number,
    limit: number,
    exceptId: string | null,
  ): Promise<{ fromMe: boolean; body: string }[]> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { from_me: boolean; body: string }[] = await manager.query(
        `SELECT from_me, body FROM messages
       WHERE company_id = $1 AND ticket_id = $2 AND NOT is_private AND NOT is_deleted
         AND body <> '' AND media_type <> 'call_log' AND ($4::uuid IS NULL OR id <> $4)
         -- a spoken reply keeps its text as body; a contact's audio has no text of its own
         AND (media_type <> 'audio' OR from_me)
       ORDER BY created_at DESC, id DESC LIMIT $3`,
        [companyId, ticketId, limit, exceptId],
      );
      return rows.reverse().map((row) => ({ fromMe: row.from_me, body: row.body }));
    });
  }

  insert(
    manager: EntityManager,
    companyId: number,
    message: Omit<Partial<Message>, 'companyId'>,
  ): Promise<Message> {
    const repo = manager.getRepository(Message);
    return repo.save(repo.create({ ...message, companyId }));
  }

  /** A deleted message's change (flags, and its text and file when erased). */
  async markDeleted(
    manager: EntityManager,
    companyId: number,
    id: string,
    change: Partial<Pick<Message, 'isDeleted' | 'body' | 'mediaKey' | 'mediaName'>>,
  ): Promise<void> {
    await manager.getRepository(Message).update({ companyId, id }, change);
  }

  /** Whether another message of the company (a forwarded copy) still uses this file. */
  fileSharedWithOthers(
    manager: EntityManager,
    companyId: number,
    mediaKey: string,
    exceptId: string,
  ): Promise<boolean> {
    return manager
      .getRepository(Message)
      .exists({ where: { companyId, mediaKey, id: Not(exceptId) } });
  }

  async updateMessage(
    manager: EntityManager,
    companyId: number,
    id: string,
    changes: Partial<
      Pick<Message, 'wid' | 'ack' | 'body' | 'isDeleted' | 'isEdited' | 'read' | 'sendError'>
    >,
  ): Promise<void> {
    await manager.getRepository(Message).update({ companyId, id }, changes);
  }

  async deleteMessage(manager: EntityManager, companyId: number, id: string): Promise<void> {
    await manager.getRepository(Message).delete({ companyId, id });
  }

  /** Sets the ack when it moves forward; answers whether it changed. */
  async raiseAck(
    manager: EntityManager,
    companyId: number,
    id: string,
    ack: MessageAck,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(Message)
      .createQueryBuilder()
      .update()
      .set({ ack })
      .where('company_id = :companyId AND id = :id AND ack < :ack', { companyId, id, ack })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async touchTicket(
    manager: EntityManager,
    companyId: number,
    id: number,
    changes: Partial<Pick<Ticket, 'lastMessage' | 'fromMe' | 'unreadMessages'>>,
  ): Promise<void> {
    await manager.getRepository(Ticket).update({ companyId, id }, changes);
  }

  /** The unread inbound messages of a ticket (their channel ids for the read receipt), marked read. */
  async markRead(manager: EntityManager, companyId: number, ticketId: number): Promise<string[]> {
    const rows: { wid: string | null }[] = await manager.query(
      `UPDATE messages SET read = true
        WHERE company_id = $1 AND ticket_id = $2 AND read = false AND from_me = false
        RETURNING wid`,
      [companyId, ticketId],
    );
    return rows.map((row) => row.wid).filter((wid): wid is string => !!wid);
  }

  /** The active ticket of a contact on a connection (the forward target). */
  activeTicket(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    whatsappId: number | null,
  ): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .where('t.company_id = :companyId AND t.contact_id = :contactId', { companyId, contactId })
      .andWhere('COALESCE(t.whatsapp_id, 0) = :whatsappId', { whatsappId: whatsappId ?? 0 })
      .andWhere(`t.status IN ('pending', 'open', 'group', 'nps', 'lgpd')`)
      .setLock('pessimistic_write')
      .getOne();
  }
}
