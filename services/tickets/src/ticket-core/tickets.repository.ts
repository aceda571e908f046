import { Injectable } from '@nestjs/common';
import type { TicketLogType, TicketStatus } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { Contact } from '../contacts/contact.entity.js';
import { Ticket, TicketLog, TicketTracking } from './ticket.entity.js';
import type { CompanyCondition } from './ticket-rules.js';

export type QueueRef = { id: number; name: string; color: string };
export type TagRef = { id: number; name: string; color: string };
export type TicketWrite = Partial<
  Pick<
    Ticket,
    | 'status'
    | 'userId'
    | 'queueId'
    | 'whatsappId'
    | 'isBot'
    | 'promptId'
    | 'integrationId'
    | 'useIntegration'
    | 'amountUsedBotQueues'
    | 'amountUsedBotQueuesNps'
    | 'chatbotId'
    | 'typebotSessionId'
    | 'typebotStatus'
    | 'typebotSessionAt'
    | 'botStoppedAt'
    | 'unreadMessages'
    | 'userRating'
  >
>;
export type TrackingWrite = Partial<
  Pick<
    TicketTracking,
    | 'userId'
    | 'queueId'
    | 'whatsappId'
    | 'queuedAt'
    | 'startedAt'
    | 'closedAt'
    | 'finishedAt'
    | 'rated'
    | 'ratingAt'
  >
>;

/** Tickets, their logs and service cycles. Every method is scoped by companyId. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  findById(companyId: number, id: number, manager?: EntityManager): Promise<Ticket | null> {
    return this.m(manager).getRepository(Ticket).findOneBy({ companyId, id });
  }

  /** The row locked for the rest of the transaction (concurrent accepts wait for each other). */
  lock(companyId: number, id: number, manager: EntityManager): Promise<Ticket | null> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId AND t.id = :id', { companyId, id })
      .getOne();
  }

  findByUuid(companyId: number, uuid: string, manager?: EntityManager): Promise<Ticket | null> {
    return this.m(manager).getRepository(Ticket).findOneBy({ companyId, uuid });
  }

  findByIds(companyId: number, ids: number[], manager?: EntityManager): Promise<Ticket[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.m(manager)
      .getRepository(Ticket)
      .findBy({ companyId, id: In(ids) });
  }

  /** The active ticket of a contact on a connection (the one-open-ticket rule). */
  findActive(
    companyId: number,
    contactId: number,
    whatsappId: number | null,
    manager?: EntityManager,
    exceptId = 0,
  ): Promise<Ticket | null> {
    return this.m(manager)
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .where('t.company_id = :companyId AND t.contact_id = :contactId', { companyId, contactId })
      .andWhere('COALESCE(t.whatsapp_id, 0) = :whatsappId', { whatsappId: whatsappId ?? 0 })
      .andWhere("t.status IN ('pending', 'open', 'group', 'nps', 'lgpd')")
      .andWhere('t.id <> :exceptId', { exceptId })
      .orderBy('t.updated_at', 'DESC')
      .getOne();
  }

  insert(
    manager: EntityManager,
    companyId: number,
    fields: Omit<Partial<Ticket>, 'companyId'>,
  ): Promise<Ticket> {
    const repo = manager.getRepository(Ticket);
    return repo.save(repo.create({ ...fields, companyId }));
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    fields: TicketWrite,
  ): Promise<void> {
    await manager
      .getRepository(Ticket)
      .update({ companyId, id }, { ...fields, updatedAt: new Date() });
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    // ticket_tags has no foreign key to tickets (it predates them): its links go with the ticket
    await manager.query('DELETE FROM ticket_tags WHERE company_id = $1 AND ticket_id = $2', [
      companyId,
      id,
    ]);
    await manager.getRepository(Ticket).delete({ companyId, id });
  }

  /**
   * One page of ticket ids by updatedAt (newest first) and the number of matches. `newest` keeps only the
   * newest matching ticket per contact and connection. The condition reads only `t` (tickets).
   */
  async page(
    companyId: number,
    condition: CompanyCondition,
    newest: boolean,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; count: number }> {
    // the condition carries its company filter; one built for another company never runs here
    if (condition.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
    const n = condition.params.length;
    if (!newest) {
      // a status tab: the page walks the (company, status, updatedAt) index and stops after `limit`
      // rows, the count reads the same index; apart, neither waits for the other's work
      const [rows, total] = await Promise.all([
        this.dataSource.query(
          `SELECT t.id FROM tickets t WHERE ${condition.sql}
            ORDER BY t.updated_at DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
          [...condition.params, limit, offset],
        ) as Promise<{ id: number }[]>,
        this.dataSource.query(
          `SELECT count(*)::int AS total FROM tickets t WHERE ${condition.sql}`,
          condition.params,
        ) as Promise<{ total: number }[]>,
      ]);
      return { ids: rows.map((r) => r.id), count: total[0]?.total ?? 0 };
    }
    const matched = `SELECT DISTINCT ON (t.contact_id, COALESCE(t.whatsapp_id, 0)) t.id, t.updated_at
           FROM tickets t
          WHERE ${condition.sql}
          ORDER BY t.contact_id, COALESCE(t.whatsapp_id, 0), t.updated_at DESC, t.id DESC`;
    const rows = (await this.dataSource.query(
      `WITH matched AS (${matched})
       SELECT id, count(*) OVER () AS total FROM matched
        ORDER BY updated_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...condition.params, limit, offset],
    )) as { id: number; total: string }[];
    if (rows.length) return { ids: rows.map((r) => r.id), count: Number(rows[0]!.total) };
    if (offset === 0) return { ids: [], count: 0 };
    const total = (await this.dataSource.query(
      `WITH matched AS (${matched}) SELECT count(*)::int AS total FROM matched`,
      condition.params,
    )) as { total: number }[];
    return { ids: [], count: total[0]?.total ?? 0 };
  }

  contacts(companyId: number, ids: number[], manager?: EntityManager): Promise<Contact[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.m(manager)
      .getRepository(Contact)
      .findBy({ companyId, id: In(ids) });
  }

  contact(companyId: number, id: number, manager?: EntityManager): Promise<Contact | null> {
    return this.m(manager).getRepository(Contact).findOneBy({ companyId, id });
  }

  async queues(
    companyId: number,
    ids: number[],
    manager?: EntityManager,
  ): Promise<Map<number, QueueRef>> {
    if (!ids.length) return new Map();
    const rows = (await this.m(manager).query(
      'SELECT id, name, color FROM queues WHERE company_id = $1 AND id = ANY($2::int[])',
      [companyId, ids],
    )) as QueueRef[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  async queue(
    companyId: number,
    id: number | null,
    manager?: EntityManager,
  ): Promise<QueueRef | null> {
    if (!id) return null;
    const rows: QueueRef[] = await this.m(manager).query(
      `SELECT id, name, color FROM queues WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  /** The queues of these (company, queue) pairs, keyed `companyId:id`. */
  async queuesOf(
    manager: EntityManager,
    refs: { companyId: number; id: number }[],
  ): Promise<Map<string, QueueRef>> {
    if (refs.length === 0) return new Map();
    const rows: (QueueRef & { company_id: number })[] = await manager.query(
      `SELECT q.id, q.name, q.color, q.company_id FROM queues q
         JOIN unnest($1::integer[], $2::integer[]) AS r(company_id, id)
           ON q.company_id = r.company_id AND q.id = r.id
        WHERE q.id = ANY($2::integer[])`,
      [refs.map((ref) => ref.companyId), refs.map((ref) => ref.id)],
    );
    return new Map(rows.map(({ company_id, ...queue }) => [`${company_id}:${queue.id}`, queue]));
  }

  /** The tags of these tickets, keyed by ticket id, each list by name. */
  async tagsOfTickets(
    manager: EntityManager,
    refs: { companyId: number; id: number }[],
  ): Promise<Map<number, TagRef[]>> {
    const tags = new Map<number, TagRef[]>();
    if (refs.length === 0) return tags;
    const rows: (TagRef & { ticket_id: number })[] = await manager.query(
      `SELECT tt.ticket_id, t.id, t.name, t.color FROM ticket_tags tt
         JOIN unnest($1::integer[], $2::integer[]) AS r(company_id, id)
           ON tt.company_id = r.company_id AND tt.ticket_id = r.id
         JOIN tags t ON t.id = tt.tag_id
        WHERE tt.ticket_id = ANY($2::integer[])
        ORDER BY t.name`,
      [refs.map((ref) => ref.companyId), refs.map((ref) => ref.id)],
    );
    for (const { ticket_id, ...tag } of rows) {
      const list = tags.get(ticket_id) ?? [];
      list.push(tag);
      tags.set(ticket_id, list);
    }
    return tags;
  }

  async queueExists(companyId: number, id: number, manager?: EntityManager): Promise<boolean> {
    return (await this.queues(companyId, [id], manager)).has(id);
  }

  /** The tags of each ticket (ticket_tags: the kanban lanes), by name. */
  async tagsOf(
    companyId: number,
    ids: number[],
    manager?: EntityManager,
  ): Promise<Map<number, TagRef[]>> {
    const out = new Map<number, TagRef[]>();
    if (!ids.length) return out;
    const rows = (await this.m(manager).query(
      `SELECT tt.ticket_id, g.id, g.name, g.color FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
        WHERE tt.company_id = $1 AND tt.ticket_id = ANY($2::int[]) ORDER BY g.name, g.id`,
      [companyId, ids],
    )) as (TagRef & { ticket_id: number })[];
    for (const row of rows) {
      const list = out.get(row.ticket_id) ?? [];
      list.push({ id: row.id, name: row.name, color: row.color });
      out.set(row.ticket_id, list);
    }
    return out;
  }

  /** Whether the contact or the ticket carries at least one tag (requiredTag). */
  async hasTag(
    companyId: number,
    ticketId: number,
    contactId: number,
    manager?: EntityManager,
  ): Promise<boolean> {
    const rows = (await this.m(manager).query(
      `SELECT EXISTS (SELECT 1 FROM contact_tags ct JOIN tags g ON g.id = ct.tag_id
                        WHERE ct.contact_id = $2 AND g.company_id = $1)
           OR EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = $3 AND tt.company_id = $1) AS has`,
      [companyId, contactId, ticketId],
    )) as { has: boolean }[];
    return rows[0]?.has === true;
  }

  /** Drops the kanban lanes of a ticket (on close and nps). */
  async clearTicketTags(
    manager: EntityManager,
    companyId: number,
    ticketId: number,
  ): Promise<void> {
    await manager.query('DELETE FROM ticket_tags WHERE company_id = $1 AND ticket_id = $2', [
      companyId,
      ticketId,
    ]);
  }

  async addLog(
    manager: EntityManager,
    companyId: number,
    ticketId: number,
    type: TicketLogType,
    userId: number | null,
    queueId: number | null,
  ): Promise<void> {
    await manager.getRepository(TicketLog).insert({ companyId, ticketId, type, userId, queueId });
  }

  logs(companyId: number, ticketId: number): Promise<TicketLog[]> {
    return this.dataSource
      .getRepository(TicketLog)
      .find({ where: { companyId, ticketId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The open service cycle of a ticket (finishedAt null), newest first. */
  currentTracking(
    companyId: number,
    ticketId: number,
    manager?: EntityManager,
  ): Promise<TicketTracking | null> {
    return this.m(manager)
      .getRepository(TicketTracking)
      .findOne({ where: { companyId, ticketId, finishedAt: IsNull() }, order: { id: 'DESC' } });
  }

  async startTracking(
    manager: EntityManager,
    ticket: Ticket,
    fields: TrackingWrite,
  ): Promise<void> {
    await manager.getRepository(TicketTracking).insert({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: ticket.userId,
      queueId: ticket.queueId,
      ...fields,
    });
  }

  /** Updates the open cycle, starting one when there is none. */
  async track(manager: EntityManager, ticket: Ticket, fields: TrackingWrite): Promise<void> {
    const current = await this.currentTracking(ticket.companyId, ticket.id, manager);
    if (!current) return this.startTracking(manager, ticket, fields);
    await manager.getRepository(TicketTracking).update({ id: current.id }, fields);
  }

  /** Active tickets (pending, open) of the chosen queues, locked for closing. */
  activeInQueues(manager: EntityManager, companyId: number, queueIds: number[]): Promise<Ticket[]> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId', { companyId })
      .andWhere("t.status IN ('pending', 'open')")
      .andWhere('t.queue_id = ANY(:queueIds)', { queueIds })
      .getMany();
  }

  async statusOf(companyId: number, id: number): Promise<TicketStatus | null> {
    return (await this.findById(companyId, id))?.status ?? null;
  }
}
