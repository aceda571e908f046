import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TicketLogType, TicketStatus } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { AppError } from '@sb/platform/errors';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { Contact } from '../../contacts/contact.entity.js';
import type { ContactSummarySource } from '../../contacts/contact-view.js';
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

/** The columns of a ticket that its row in a list shows (spec 1 §3 TicketRecord). */
export type TicketListTicket = Pick<
  Ticket,
  | 'id'
  | 'uuid'
  | 'companyId'
  | 'status'
  | 'isGroup'
  | 'isBot'
  | 'channel'
  | 'contactId'
  | 'whatsappId'
  | 'queueId'
  | 'userId'
  | 'unreadMessages'
  | 'lastMessage'
  | 'useIntegration'
  | 'userRating'
  | 'createdAt'
  | 'updatedAt'
>;

/** A row of a ticket list: the ticket and what it shows of its contact (null when gone), queue, tags. */
export type TicketListRow = {
  ticket: TicketListTicket;
  contact: ContactSummarySource | null;
  queue: QueueRef | null;
  tags: TagRef[];
};

const ticketListColumns = `t.id, t.uuid, t.company_id, t.status, t.is_group, t.is_bot, t.channel,
  t.contact_id, t.whatsapp_id, t.queue_id, t.user_id, t.unread_messages, t.last_message,
  t.use_integration, t.user_rating, t.created_at, t.updated_at`;

/** A page's rows (alias `t`, ticketListColumns) with their contact, queue and tags (by name, id). */
const listColumns = `t.*,
  c.id AS c_id, c.name AS c_name, c.number AS c_number, c.url_picture AS c_url_picture,
  c.channel AS c_channel, c.is_group AS c_is_group, c.active AS c_active,
  q.name AS q_name, q.color AS q_color,
  (SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
                   ORDER BY g.name, g.id)
     FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
    WHERE tt.company_id = t.company_id AND tt.ticket_id = t.id) AS tags`;

/** The contact and queue of each row, read in the row's company (`company`: its placeholder). */
const listJoins = (company: string) => `
  LEFT JOIN contacts c ON c.company_id = ${company} AND c.id = t.contact_id
  LEFT JOIN queues q ON q.company_id = ${company} AND q.id = t.queue_id`;

type RawListRow = {
  id: number;
  uuid: string;
  company_id: number;
  status: TicketStatus;
  is_group: boolean;
  is_bot: boolean;
  channel: string;
  contact_id: number;
  whatsapp_id: number | null;
  queue_id: number | null;
  user_id: number | null;
  unread_messages: number;
  last_message: string;
  use_integration: boolean;
  user_rating: number | null;
  created_at: Date;
  updated_at: Date;
  c_id: number | null;
  c_name: string;
  c_number: string;
  c_url_picture: string | null;
  c_channel: string;
  c_is_group: boolean;
  c_active: boolean;
  q_name: string | null;
  q_color: string;
  tags: TagRef[] | null;
};

const toListRow = (row: RawListRow): TicketListRow => ({
  ticket: {
    id: row.id,
    uuid: row.uuid,
    companyId: row.company_id,
    status: row.status,
    isGroup: row.is_group,
    isBot: row.is_bot,
    channel: row.channel,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    queueId: row.queue_id,
    userId: row.user_id,
    unreadMessages: row.unread_messages,
    lastMessage: row.last_message,
    useIntegration: row.use_integration,
    userRating: row.user_rating,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  },
  contact:
    row.c_id === null
      ? null
      : {
          id: row.c_id,
          name: row.c_name,
          number: row.c_number,
          urlPicture: row.c_url_picture,
          channel: row.c_channel,
          isGroup: row.c_is_group,
          active: row.c_active,
        },
  queue:
    row.queue_id !== null && row.q_name !== null
      ? { id: row.queue_id, name: row.q_name, color: row.q_color }
      : null,
  tags: row.tags ?? [],
});

/** The pg client under a TypeORM query runner, asked for a named (prepared) statement. */
type PreparingClient = {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
};

/**
 * Tickets, their logs and service cycles. Every method is scoped by companyId; reads without a
 * transaction run in the company's row-level security scope (`Transactions.read`).
 */
@Injectable()
export class TicketsRepository {
  private readonly statementNames = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /**
   * A statement prepared once per connection (named by its text): the busiest reads skip Postgres's
   * parse and plan on every call. The text varies only with the filter's shape, never with its values.
   */
  private async prepared<T>(manager: EntityManager, text: string, values: unknown[]): Promise<T[]> {
    let name = this.statementNames.get(text);
    if (!name) {
      name = `tickets_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      if (this.statementNames.size >= 1_000) this.statementNames.clear();
      this.statementNames.set(text, name);
    }
    // the read's own connection (connect answers the one it holds)
    const client = (await manager.queryRunner!.connect()) as PreparingClient;
    return (await client.query<T>({ name, text, values })).rows;
  }

  findById(companyId: number, id: number, manager?: EntityManager): Promise<Ticket | null> {
    return this.transactions.read(
      companyId,
      (m) => m.getRepository(Ticket).findOneBy({ companyId, id }),
      manager,
    );
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
    return this.transactions.read(
      companyId,
      (m) => m.getRepository(Ticket).findOneBy({ companyId, uuid }),
      manager,
    );
  }

  findByIds(companyId: number, ids: number[], manager?: EntityManager): Promise<Ticket[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.transactions.read(
      companyId,
      (m) => m.getRepository(Ticket).findBy({ companyId, id: In(ids) }),
      manager,
    );
  }

  /** The active ticket of a contact on a connection (the one-open-ticket rule). */
  findActive(
    companyId: number,
    contactId: number,
    whatsappId: number | null,
    manager?: EntityManager,
    exceptId = 0,
  ): Promise<Ticket | null> {
    return this.transactions.read(
      companyId,
      (m) =>
        m
          .getRepository(Ticket)
          .createQueryBuilder('t')
          .where('t.company_id = :companyId AND t.contact_id = :contactId', {
            companyId,
            contactId,
          })
          .andWhere('COALESCE(t.whatsapp_id, 0) = :whatsappId', { whatsappId: whatsappId ?? 0 })
          .andWhere("t.status IN ('pending', 'open', 'group', 'nps', 'lgpd')")
          .andWhere('t.id <> :exceptId', { exceptId })
          .orderBy('t.updated_at', 'DESC')
          .getOne(),
      manager,
    );
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

  /**
   * The automation's own changes (status, queue, bot state): `updatedAt` stays that of the message that
   * woke the bot, so the bot's answer moves no ticket up the lists.
   */
  async setBotFields(
    manager: EntityManager,
    companyId: number,
    id: number,
    fields: Partial<Ticket>,
  ): Promise<void> {
    await manager.getRepository(Ticket).update({ companyId, id }, fields);
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
   * A status tab's page (updatedAt, newest first) with each row's contact, queue and tags, and the number
   * of matches, in one statement: the page walks the (company, status, updatedAt) index and stops after
   * `limit` rows, the count is an index-only scan of the same index (its INCLUDE columns hold what the
   * visibility rules read). The condition reads only `t` (tickets).
   */
  async statusPage(
    companyId: number,
    condition: CompanyCondition,
    offset: number,
    limit: number,
  ): Promise<{ rows: TicketListRow[]; count: number }> {
    // the condition carries its company filter; one built for another company never runs here
    if (condition.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
    const n = condition.params.length;
    const sql = `SELECT n.total, p.* FROM (SELECT count(*)::int AS total FROM tickets t WHERE ${condition.sql}) n
         LEFT JOIN (
           SELECT ${listColumns}
             FROM (SELECT ${ticketListColumns} FROM tickets t WHERE ${condition.sql}
                    ORDER BY t.updated_at DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) t
             ${listJoins(`$${n + 3}`)}
         ) p ON TRUE
        ORDER BY p.updated_at DESC, p.id DESC`;
    const found = await this.transactions.read(companyId, (m) =>
      this.prepared<RawListRow & { total: number }>(m, sql, [
        ...condition.params,
        limit,
        offset,
        companyId,
      ]),
    );
    const rows = found.filter((row) => row.id !== null).map(toListRow);
    return { rows, count: found[0]?.total ?? 0 };
  }

  /**
   * One page of ticket ids by updatedAt (newest first) and the number of matches, keeping only the
   * newest matching ticket per contact and connection (closed and search tabs). The condition reads only
   * `t` (tickets).
   */
  async newestPage(
    companyId: number,
    condition: CompanyCondition,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; count: number }> {
    // the condition carries its company filter; one built for another company never runs here
    if (condition.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
    const n = condition.params.length;
    const matched = `SELECT DISTINCT ON (t.contact_id, COALESCE(t.whatsapp_id, 0)) t.id, t.updated_at
           FROM tickets t
          WHERE t.company_id = $${n + 1} AND ${condition.sql}
          ORDER BY t.contact_id, COALESCE(t.whatsapp_id, 0), t.updated_at DESC, t.id DESC`;
    const page = async (m: EntityManager) => {
      const rows = (await m.query(
        `WITH matched AS (${matched})
         SELECT id, count(*) OVER () AS total FROM matched
          ORDER BY updated_at DESC, id DESC LIMIT $${n + 2} OFFSET $${n + 3}`,
        [...condition.params, companyId, limit, offset],
      )) as { id: number; total: string }[];
      if (rows.length) return { ids: rows.map((r) => r.id), count: Number(rows[0]!.total) };
      if (offset === 0) return { ids: [], count: 0 };
      const total = (await m.query(
        `WITH matched AS (${matched}) SELECT count(*)::int AS total FROM matched`,
        [...condition.params, companyId],
      )) as { total: number }[];
      return { ids: [], count: total[0]?.total ?? 0 };
    };
    return condition.textSearch
      ? this.transactions.textSearch(companyId, page)
      : this.transactions.read(companyId, page);
  }

  /** These tickets as list rows (contact, queue, tags), in the order of `ids`; one statement. */
  async listRows(companyId: number, ids: number[]): Promise<TicketListRow[]> {
    if (!ids.length) return [];
    const found = (await this.transactions.query(
      companyId,
      `SELECT ${listColumns}
           FROM (SELECT ${ticketListColumns} FROM tickets t
                  WHERE t.company_id = $1 AND t.id = ANY($2::int[])) t
           ${listJoins('$1')}`,
      [companyId, ids],
    )) as RawListRow[];
    const byId = new Map(found.map((row) => [row.id, toListRow(row)]));
    return ids.map((id) => byId.get(id)).filter((row): row is TicketListRow => !!row);
  }

  contacts(companyId: number, ids: number[], manager?: EntityManager): Promise<Contact[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.transactions.read(
      companyId,
      (m) => m.getRepository(Contact).findBy({ companyId, id: In(ids) }),
      manager,
    );
  }

  contact(companyId: number, id: number, manager?: EntityManager): Promise<Contact | null> {
    return this.transactions.read(
      companyId,
      (m) => m.getRepository(Contact).findOneBy({ companyId, id }),
      manager,
    );
  }

  async queues(
    companyId: number,
    ids: number[],
    manager?: EntityManager,
  ): Promise<Map<number, QueueRef>> {
    if (!ids.length) return new Map();
    const rows = (await this.transactions.query(
      companyId,
      'SELECT id, name, color FROM queues WHERE company_id = $1 AND id = ANY($2::int[])',
      [companyId, ids],
      manager,
    )) as QueueRef[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  async queue(
    companyId: number,
    id: number | null,
    manager?: EntityManager,
  ): Promise<QueueRef | null> {
    if (!id) return null;
    const rows: QueueRef[] = await this.transactions.query(
      companyId,
      `SELECT id, name, color FROM queues WHERE company_id = $1 AND id = $2`,
      [companyId, id],
      manager,
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
    const rows = (await this.transactions.query(
      companyId,
      `SELECT tt.ticket_id, g.id, g.name, g.color FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
            WHERE tt.company_id = $1 AND tt.ticket_id = ANY($2::int[]) ORDER BY g.name, g.id`,
      [companyId, ids],
      manager,
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
    const rows = (await this.transactions.query(
      companyId,
      `SELECT EXISTS (SELECT 1 FROM contact_tags ct JOIN tags g ON g.id = ct.tag_id
                            WHERE ct.contact_id = $2 AND g.company_id = $1)
               OR EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = $3 AND tt.company_id = $1) AS has`,
      [companyId, contactId, ticketId],
      manager,
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
    return this.transactions.read(companyId, (m) =>
      m
        .getRepository(TicketLog)
        .find({ where: { companyId, ticketId }, order: { createdAt: 'ASC', id: 'ASC' } }),
    );
  }

  /** The open service cycle of a ticket (finishedAt null), newest first. */
  currentTracking(
    companyId: number,
    ticketId: number,
    manager?: EntityManager,
  ): Promise<TicketTracking | null> {
    return this.transactions.read(
      companyId,
      (m) =>
        m
          .getRepository(TicketTracking)
          .findOne({ where: { companyId, ticketId, finishedAt: IsNull() }, order: { id: 'DESC' } }),
      manager,
    );
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

  /** Active tickets (pending, open, or only one of them) of the chosen queues, locked for closing. */
  activeInQueues(
    manager: EntityManager,
    companyId: number,
    queueIds: number[],
    statuses: readonly ('pending' | 'open')[] = ['pending', 'open'],
  ): Promise<Ticket[]> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId', { companyId })
      .andWhere('t.status = ANY(:statuses)', { statuses })
      .andWhere('t.queue_id = ANY(:queueIds)', { queueIds })
      .getMany();
  }

  /**
   * The tickets a connection's history import opened and nobody closed since (any status but closed),
   * locked for closing.
   */
  importedActive(manager: EntityManager, companyId: number, whatsappId: number): Promise<Ticket[]> {
    return manager
      .getRepository(Ticket)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.company_id = :companyId AND t.whatsapp_id = :whatsappId', { companyId, whatsappId })
      .andWhere('t.imported')
      .andWhere("t.status <> 'closed'")
      .getMany();
  }

  /** An external bot's session state: no change people see, so updated_at stays. */
  async setBotState(
    companyId: number,
    id: number,
    state: Pick<TicketWrite, 'typebotSessionId' | 'typebotStatus' | 'typebotSessionAt'>,
  ): Promise<void> {
    await this.dataSource.getRepository(Ticket).update({ companyId, id }, state);
  }

  /** A pending ticket's place in its queue's waiting line (1 for the first). */
  async queuePosition(companyId: number, queueId: number, ticketId: number): Promise<number> {
    const [{ n }] = (await this.transactions.query(
      companyId,
      `SELECT count(*)::int AS n FROM tickets WHERE company_id = $1 AND queue_id = $2
           AND status = 'pending' AND user_id IS NULL AND id <= $3`,
      [companyId, queueId, ticketId],
    )) as { n: number }[];
    return n;
  }

  async statusOf(companyId: number, id: number): Promise<TicketStatus | null> {
    return (await this.findById(companyId, id))?.status ?? null;
  }
}
