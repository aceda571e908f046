import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a delete of messages removed: their files and tickets. */
export type RemovedMessages = { count: number; mediaKeys: (string | null)[]; ticketIds: number[] };

type RemovedRow = { media_key: string | null; ticket_id: number };

/** TypeORM answers a DELETE … RETURNING as [rows, affected count]. */
const returned = <T>(result: [T[], number] | T[]): T[] =>
  Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);

const removed = (rows: RemovedRow[]): RemovedMessages => ({
  count: rows.length,
  mediaKeys: rows.map((row) => row.media_key),
  ticketIds: [...new Set(rows.map((row) => row.ticket_id))],
});

/** The deletes of retention and contact erasure (LGPD). Every method takes the company id first. */
@Injectable()
export class DataErasureRepository {
  /**
   * Deletes up to `limit` of the company's messages created before `before`, oldest first
   * (messages_company_created_idx). Rows another transaction holds are skipped for the next batch, so
   * a batch never waits on a conversation in use.
   */
  async deleteMessagesBefore(
    manager: EntityManager,
    companyId: number,
    before: Date,
    limit: number,
  ): Promise<RemovedMessages> {
    const result = (await manager.query(
      `DELETE FROM messages m
        WHERE m.company_id = $1
          AND m.id IN (
            SELECT id FROM messages
             WHERE company_id = $1 AND created_at < $2
             ORDER BY created_at
             LIMIT $3
             FOR UPDATE SKIP LOCKED)
        RETURNING m.media_key, m.ticket_id`,
      [companyId, before, limit],
    )) as [RemovedRow[], number] | RemovedRow[];
    return removed(returned(result));
  }

  /**
   * Clears the list preview of the tickets left without any message: their text was a deleted
   * message's. A ticket that still has messages shows its newest one, which stayed.
   */
  async clearEmptyPreviews(
    manager: EntityManager,
    companyId: number,
    ticketIds: number[],
  ): Promise<void> {
    if (!ticketIds.length) return;
    await manager.query(
      `UPDATE tickets t SET last_message = ''
        WHERE t.company_id = $1 AND t.id = ANY($2::int[]) AND t.last_message <> ''
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id)`,
      [companyId, ticketIds],
    );
  }

  /** Which of `keys` a message of the company still shows. */
  async mediaKeysInUse(
    manager: EntityManager,
    companyId: number,
    keys: string[],
  ): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = (await manager.query(
      `SELECT DISTINCT media_key FROM messages WHERE company_id = $1 AND media_key = ANY($2)`,
      [companyId, keys],
    )) as { media_key: string }[];
    return new Set(rows.map((row) => row.media_key));
  }

  /** The contact's number, locked for its erasure; null when the company has no such contact. */
  async lockContact(
    manager: EntityManager,
    companyId: number,
    contactId: number,
  ): Promise<{ number: string; isGroup: boolean } | null> {
    const rows = (await manager.query(
      `SELECT number, is_group FROM contacts WHERE company_id = $1 AND id = $2 FOR UPDATE`,
      [companyId, contactId],
    )) as { number: string; is_group: boolean }[];
    const row = rows[0];
    return row ? { number: row.number, isGroup: row.is_group } : null;
  }

  /** The contact's tickets (its conversations) and how many notes they hold. */
  async contactTickets(
    manager: EntityManager,
    companyId: number,
    contactId: number,
  ): Promise<{ ticketIds: number[]; notes: number }> {
    const tickets = (await manager.query(
      `SELECT id FROM tickets WHERE company_id = $1 AND contact_id = $2 ORDER BY id`,
      [companyId, contactId],
    )) as { id: number }[];
    const [notes] = (await manager.query(
      `SELECT count(*)::int AS n FROM ticket_notes
        WHERE company_id = $1 AND (contact_id = $2 OR ticket_id = ANY($3::int[]))`,
      [companyId, contactId, tickets.map((ticket) => ticket.id)],
    )) as { n: number }[];
    return { ticketIds: tickets.map((ticket) => ticket.id), notes: notes?.n ?? 0 };
  }

  /**
   * Deletes the contact's messages: every message of its tickets (the agents' answers too) and what it
   * wrote in other tickets (a group's conversation).
   */
  async deleteContactMessages(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    ticketIds: number[],
  ): Promise<RemovedMessages> {
    const result = (await manager.query(
      `DELETE FROM messages
        WHERE company_id = $1 AND (contact_id = $2 OR ticket_id = ANY($3::int[]))
        RETURNING media_key, ticket_id`,
      [companyId, contactId, ticketIds],
    )) as [RemovedRow[], number] | RemovedRow[];
    return removed(returned(result));
  }

  /**
   * Deletes the contact's tickets with their notes, logs and tracking (ON DELETE CASCADE), then the
   * contact with its tags and extra fields.
   */
  async deleteContactAndTickets(
    manager: EntityManager,
    companyId: number,
    contactId: number,
  ): Promise<void> {
    await manager.query(`DELETE FROM ticket_notes WHERE company_id = $1 AND contact_id = $2`, [
      companyId,
      contactId,
    ]);
    await manager.query(`DELETE FROM tickets WHERE company_id = $1 AND contact_id = $2`, [
      companyId,
      contactId,
    ]);
    await manager.query(`DELETE FROM contacts WHERE company_id = $1 AND id = $2`, [
      companyId,
      contactId,
    ]);
  }
}
