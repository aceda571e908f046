import { Injectable } from '@nestjs/common';
import type { CampaignCounters, CampaignStatus, ShippingStatus } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { TablesRepository } from '../company-row.repository.js';
import {
  containsPattern,
  deleteCompanyRow,
  insertCompanyRow,
  readCompanyPage,
  updateCompanyRow,
  type Columns,
  type Page,
} from '@sb/platform/db';

/** A campaign's message template, as stored (the `template` column). */
export type CampaignTemplate = {
  name: string;
  language: string;
  /** one text per body parameter, with placeholders */
  parameters: string[];
  /** the body's parameter names as Meta listed them ('1', '2'… when positional) */
  parameterNames: string[];
};

export type CampaignRow = {
  id: number;
  company_id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmation_message1: string;
  confirmation_message2: string;
  confirmation_message3: string;
  confirmation_message4: string;
  confirmation_message5: string;
  confirmation: boolean;
  status: CampaignStatus;
  scheduled_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  contact_list_id: number | null;
  contact_list_name: string | null;
  tag_list_id: number | null;
  /** the tag's name as it was when the campaign was saved */
  tag_name: string | null;
  /** its shipping rows' counters (read with the campaign) */
  shipping_total?: number;
  shipping_sent?: number;
  shipping_delivered?: number;
  shipping_failed?: number;
  shipping_opt_outs?: number;
  whatsapp_ids: number[];
  media_path: string | null;
  media_name: string | null;
  media_mime: string | null;
  media_size: number | null;
  template: CampaignTemplate | null;
  created_at: Date;
  updated_at: Date;
};

export type ShippingRow = {
  id: number;
  company_id: number;
  campaign_id: number;
  position: number;
  number: string;
  name: string;
  email: string;
  message: string;
  confirmation_message: string | null;
  whatsapp_id: number;
  status: ShippingStatus;
  send_at: Date;
  attempts: number;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
  error: string | null;
  first_reply_at: Date | null;
  reply_count: number;
  locked_until: Date | null;
};

/**
 * A shipping row claimed for sending, with whether its number opted out and, when an earlier attempt
 * had it (retried, or taken over from a dead worker), the steps that attempt got to the channel.
 */
export type ClaimedShipping = ShippingRow & { opted_out: boolean; sent_steps: string[] };

/** A step the channel took, recorded under its idempotency key. */
export type SentStep = {
  key: string;
  companyId: number;
  shippingId: number;
  step: string;
  externalId: string;
};

/** A shipping row as the report reads it: with its number's opt-out when it concerns this row. */
export type ReportShippingRow = ShippingRow & { opted_out_at: Date | null };

/** What a create or an update writes. */
export type CampaignWrite = {
  name: string;
  /** the five variants as the form holds them (empty ones kept in place) */
  messages: (string | null | undefined)[];
  confirmationMessages: (string | null | undefined)[];
  confirmation: boolean;
  status: CampaignStatus;
  scheduledAt: Date | null;
  contactListId: number | null;
  tagListId: number | null;
  tagName: string | null;
  whatsappIds: number[];
  template: CampaignTemplate | null;
};

/** A prepared shipping row. */
export type ShippingWrite = {
  number: string;
  name: string;
  email: string;
  message: string;
  confirmationMessage: string | null;
  whatsappId: number;
  sendAt: Date;
};

/** A list item the campaign sends to. */
export type Recipient = { number: string; name: string; email: string };

const returned = <T>(result: [T[], number] | T[]): T[] =>
  Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);

/** A campaign's shipping rows, each with its number's opt-out (if any). */
const shippingsWithOptOuts = `campaign_shippings s
  LEFT JOIN campaign_opt_outs o ON o.company_id = s.company_id AND o.number = s.number`;
/** The opt-out is this row's: skipped for it, or the contact answered this campaign with it. */
const optedOutHere = `(s.status = 'opted_out' OR o.campaign_id = s.campaign_id)`;
/** At least one message of the row reached the channel (confirmation or message). */
const reachedChannel = `(s.delivered_at IS NOT NULL OR s.confirmation_requested_at IS NOT NULL)`;
const campaignColumns = `c.*, l.name AS contact_list_name, k.shipping_total, k.shipping_sent,
  k.shipping_delivered, k.shipping_failed, k.shipping_opt_outs`;
/** The campaign with its list's name and its rows' counters (the list shows them). */
const campaignFrom = `campaigns c LEFT JOIN contact_lists l ON l.id = c.contact_list_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS shipping_total,
           count(*) FILTER (WHERE ${reachedChannel})::int AS shipping_sent,
           count(*) FILTER (WHERE s.status = 'delivered')::int AS shipping_delivered,
           count(*) FILTER (WHERE s.status = 'failed')::int AS shipping_failed,
           count(*) FILTER (WHERE ${optedOutHere})::int AS shipping_opt_outs
      FROM ${shippingsWithOptOuts} WHERE s.campaign_id = c.id) k ON true`;
const variantColumns = [1, 2, 3, 4, 5].map((n) => `message${n}`);
const confirmationColumns = [1, 2, 3, 4, 5].map((n) => `confirmation_message${n}`);
/** The columns a save writes: five message and five confirmation variants ('' where unused). */
const writeColumns = (c: CampaignWrite): Columns => ({
  name: c.name,
  ...Object.fromEntries(variantColumns.map((column, i) => [column, c.messages[i] ?? ''])),
  ...Object.fromEntries(
    confirmationColumns.map((column, i) => [column, c.confirmationMessages[i] ?? '']),
  ),
  confirmation: c.confirmation,
  status: c.status,
  scheduled_at: c.scheduledAt,
  contact_list_id: c.contactListId,
  tag_list_id: c.tagListId,
  tag_name: c.tagName,
  whatsapp_ids: c.whatsappIds,
  template: c.template === null ? null : JSON.stringify(c.template),
});

/** Campaigns, their shipping rows and sends. Every tenant method takes the company first. */
@Injectable()
export class CampaignsRepository extends TablesRepository {
  async page(
    companyId: number,
    search: string,
    status: CampaignStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<Page<CampaignRow>> {
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT ${campaignColumns} FROM ${campaignFrom}
        WHERE c.company_id = $1 AND ($2 = '' OR c.name ILIKE $3)
          AND ($4::text IS NULL OR c.status = $4)
        ORDER BY c.id DESC`,
      [companyId, search, containsPattern(search), status ?? null],
      { offset, limit },
    );
  }

  async find(
    companyId: number,
    id: number,
    manager?: EntityManager,
    lock = false,
  ): Promise<CampaignRow | undefined> {
    const rows: CampaignRow[] = await this.transactions.query(
      companyId,
      `SELECT ${campaignColumns} FROM ${campaignFrom} WHERE c.company_id = $1 AND c.id = $2
        ${lock ? 'FOR UPDATE OF c' : ''}`,
      [companyId, id],
      manager,
    );
    return rows[0];
  }

  insert(manager: EntityManager, companyId: number, write: CampaignWrite): Promise<number> {
    return insertCompanyRow(manager, 'campaigns', companyId, writeColumns(write));
  }

  update(
    manager: EntityManager,
    companyId: number,
    id: number,
    write: CampaignWrite,
  ): Promise<void> {
    return updateCompanyRow(manager, 'campaigns', companyId, id, writeColumns(write));
  }

  async setStatus(
    manager: EntityManager,
    companyId: number,
    id: number,
    status: CampaignStatus,
    scheduledAt?: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE campaigns SET status = $3, scheduled_at = COALESCE($4, scheduled_at),
              completed_at = CASE WHEN $5 THEN now() ELSE NULL END, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, status, scheduledAt ?? null, status === 'FINALIZADA'],
    );
  }

  async setMedia(
    manager: EntityManager,
    companyId: number,
    id: number,
    media: { path: string; name: string; mimeType: string; size: number } | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE campaigns SET media_path = $3, media_name = $4, media_mime = $5, media_size = $6,
              updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [
        companyId,
        id,
        media?.path ?? null,
        media?.name ?? null,
        media?.mimeType ?? null,
        media?.size ?? null,
      ],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await deleteCompanyRow(manager, 'campaigns', companyId, id);
  }

  async ownedIds(companyId: number, ids: number[]): Promise<number[]> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { id: number }[] = await manager.query(
        'SELECT id FROM campaigns WHERE company_id = $1 AND id = ANY($2::int[])',
        [companyId, ids],
      );
      return rows.map((row) => row.id);
    });
  }

  // report

  async counters(companyId: number, campaignId: number): Promise<CampaignCounters> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: Record<keyof CampaignCounters, number>[] = await manager.query(
        `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE ${reachedChannel})::int AS sent,
              count(*) FILTER (WHERE s.status = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE s.confirmation_requested_at IS NOT NULL)::int
                AS "confirmationRequested",
              count(*) FILTER (WHERE s.confirmed_at IS NOT NULL)::int AS confirmed,
              count(*) FILTER (WHERE s.status = 'failed')::int AS failed,
              count(*) FILTER (WHERE s.status NOT IN ('delivered', 'failed', 'opted_out'))::int
                AS pending,
              count(*) FILTER (WHERE ${optedOutHere})::int AS "optOuts",
              count(*) FILTER (WHERE s.first_reply_at IS NOT NULL)::int AS replies
         FROM ${shippingsWithOptOuts} WHERE s.company_id = $1 AND s.campaign_id = $2`,
        [companyId, campaignId],
      );
      return rows[0]!;
    });
  }

  async shippingPage(
    companyId: number,
    campaignId: number,
    offset: number,
    limit: number,
  ): Promise<Page<ReportShippingRow>> {
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT s.*, CASE WHEN ${optedOutHere} THEN o.opted_out_at END AS opted_out_at
           FROM ${shippingsWithOptOuts} WHERE s.company_id = $1 AND s.campaign_id = $2
          ORDER BY s.position`,
      [companyId, campaignId],
      { offset, limit },
    );
  }

  // dispatch (the sender runs across companies, as the service user)

  /** Due scheduled campaigns, taken for the caller's transaction (another worker skips them). */
  async claimDueCampaigns(manager: EntityManager, limit: number): Promise<CampaignRow[]> {
    return manager.query(
      `SELECT ${campaignColumns} FROM ${campaignFrom}
        WHERE c.status = 'PROGRAMADA' AND c.scheduled_at <= now()
          AND NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = c.company_id)
        ORDER BY c.scheduled_at, c.id LIMIT $1 FOR UPDATE OF c SKIP LOCKED`,
      [limit],
    );
  }

  /** How many items of a list a campaign would send to; undefined when the list is not the company's. */
  async recipientCount(companyId: number, listId: number): Promise<number | undefined> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { n: number }[] = await manager.query(
        `SELECT (SELECT count(*)::int FROM contact_list_items i
                WHERE i.contact_list_id = l.id AND i.is_whatsapp_valid IS NOT FALSE) AS n
         FROM contact_lists l WHERE l.company_id = $1 AND l.id = $2`,
        [companyId, listId],
      );
      return rows[0]?.n;
    });
  }

  /** The list's items the campaign sends to: every number not known to lack an account. */
  async recipients(
    manager: EntityManager,
    companyId: number,
    listId: number,
  ): Promise<Recipient[]> {
    return manager.query(
      `SELECT number, name, email FROM contact_list_items
        WHERE company_id = $1 AND contact_list_id = $2 AND is_whatsapp_valid IS NOT FALSE
        ORDER BY id`,
      [companyId, listId],
    );
  }

  /** The list's contact with this number (a test send fills the placeholders with it). */
  async recipientByNumber(
    companyId: number,
    listId: number,
    number: string,
  ): Promise<Recipient | undefined> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: Recipient[] = await manager.query(
        `SELECT number, name, email FROM contact_list_items
          WHERE company_id = $1 AND contact_list_id = $2 AND number = $3
          ORDER BY id LIMIT 1`,
        [companyId, listId, number],
      );
      return rows[0];
    });
  }

  /** Adds the rows a campaign lacks (one per number); an existing row is kept as it is. */
  async insertShippings(
    manager: EntityManager,
    companyId: number,
    campaignId: number,
    firstPosition: number,
    rows: ShippingWrite[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO campaign_shippings
         (company_id, campaign_id, position, number, name, email, message, confirmation_message,
          whatsapp_id, send_at)
       SELECT $1, $2, $3 + t.ord - 1, t.number, t.name, t.email, t.message, t.confirmation,
              t.whatsapp_id, t.send_at
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
                     $10::timestamptz[])
              WITH ORDINALITY AS t(number, name, email, message, confirmation, whatsapp_id, send_at, ord)
       ON CONFLICT (campaign_id, number) DO NOTHING`,
      [
        companyId,
        campaignId,
        firstPosition,
        rows.map((r) => r.number),
        rows.map((r) => r.name),
        rows.map((r) => r.email),
        rows.map((r) => r.message),
        rows.map((r) => r.confirmationMessage),
        rows.map((r) => r.whatsappId),
        rows.map((r) => r.sendAt),
      ],
    );
  }

  async startCampaign(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(
      `UPDATE campaigns SET status = 'EM_ANDAMENTO', started_at = COALESCE(started_at, now()),
              completed_at = NULL, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
  }

  /** The rows still to send, in order (a restart paces them again from now). */
  /** A campaign's rows still to send, of one connection when named, in their order. */
  async unsentIds(
    manager: EntityManager,
    companyId: number,
    campaignId: number,
    whatsappId?: number,
  ) {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM campaign_shippings
        WHERE company_id = $1 AND campaign_id = $2 AND status IN ('pending', 'confirmed')
          AND ($3::int IS NULL OR whatsapp_id = $3)
        ORDER BY position`,
      [companyId, campaignId, whatsappId ?? null],
    );
    return rows.map((row) => row.id);
  }

  async countSent(manager: EntityManager, companyId: number, campaignId: number) {
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM campaign_shippings
        WHERE company_id = $1 AND campaign_id = $2 AND status NOT IN ('pending', 'confirmed')`,
      [companyId, campaignId],
    );
    return rows[0]!.n;
  }

  async reschedule(manager: EntityManager, companyId: number, ids: number[], sendAt: Date[]) {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE campaign_shippings s SET send_at = t.send_at, locked_until = NULL, updated_at = now()
         FROM unnest($2::int[], $3::timestamptz[]) AS t(id, send_at)
        WHERE s.company_id = $1 AND s.id = t.id`,
      [companyId, ids, sendAt],
    );
  }

  /**
   * Due rows of running campaigns, leased to this worker for `leaseMs`: a worker that dies leaves them
   * to another once the lease runs out. Each comes with what its send checks first (its number's
   * opt-out, the steps an earlier attempt sent), so those cost no query of their own.
   */
  async claimDueShippings(limit: number, leaseMs: number): Promise<ClaimedShipping[]> {
    const result: [ClaimedShipping[], number] | ClaimedShipping[] = await this.dataSource.query(
      `UPDATE campaign_shippings s
          SET locked_until = now() + ($2 * interval '1 millisecond'), attempts = s.attempts + 1
        WHERE s.id IN (
          SELECT x.id FROM campaign_shippings x JOIN campaigns c ON c.id = x.campaign_id
           WHERE x.status IN ('pending', 'confirmed') AND x.send_at <= now()
             AND (x.locked_until IS NULL OR x.locked_until <= now())
             AND c.status IN ('EM_ANDAMENTO', 'FINALIZADA')
             -- a fenced company's rows wait for the fence to lift (ARCHITECTURE.md §9)
             AND NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = x.company_id)
           ORDER BY x.send_at, x.id
           LIMIT $1
           FOR UPDATE OF x SKIP LOCKED)
        RETURNING s.*,
          EXISTS (SELECT 1 FROM campaign_opt_outs o
                   WHERE o.company_id = s.company_id AND o.number = s.number) AS opted_out,
          CASE WHEN s.attempts > 1
               THEN ARRAY(SELECT d.step::text FROM campaign_sends d
                           WHERE d.shipping_id = s.id AND d.sent_at IS NOT NULL)
               ELSE '{}'::text[] END AS sent_steps`,
      [limit, leaseMs],
    );
    return returned(result).sort(
      (a, b) => a.send_at.getTime() - b.send_at.getTime() || a.id - b.id,
    );
  }

  /**
   * How long until the next claimable row of a running campaign falls due, when that is within
   * `withinMs` (measured by the database's clock, which the claim compares with; 0 for a row already
   * due that nobody holds); undefined otherwise.
   */
  async nextDueInMs(withinMs: number): Promise<number | undefined> {
    const rows: { in_ms: number | null }[] = await this.dataSource.query(
      `SELECT (extract(epoch FROM min(x.send_at) - now()) * 1000)::float8 AS in_ms
         FROM campaign_shippings x JOIN campaigns c ON c.id = x.campaign_id
        WHERE x.status IN ('pending', 'confirmed')
          AND x.send_at <= now() + ($1 * interval '1 millisecond')
          AND (x.locked_until IS NULL OR x.locked_until <= now())
          AND c.status IN ('EM_ANDAMENTO', 'FINALIZADA')
          AND NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = x.company_id)`,
      [withinMs],
    );
    const inMs = rows[0]?.in_ms;
    return inMs === null || inMs === undefined ? undefined : Math.max(0, inMs);
  }

  /** Gives back rows claimed but not handled (a worker stopping). */
  async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      'UPDATE campaign_shippings SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::int[])',
      [ids],
    );
  }

  /**
   * Records, in one statement, steps the channel took (each under its key) and rows whose message
   * went out (delivered, their lease given back).
   */
  async recordSends(sent: SentStep[], delivered: number[]): Promise<void> {
    if (sent.length === 0 && delivered.length === 0) return;
    await this.dataSource.query(
      `WITH sends AS (
         INSERT INTO campaign_sends
           (idempotency_key, company_id, shipping_id, step, external_id, sent_at)
         SELECT t.key, t.company_id, t.shipping_id, t.step, t.external_id, now()
           FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[])
                AS t(key, company_id, shipping_id, step, external_id)
         ON CONFLICT (idempotency_key)
         DO UPDATE SET sent_at = now(), external_id = EXCLUDED.external_id)
       UPDATE campaign_shippings SET status = 'delivered', delivered_at = now(),
              locked_until = NULL, error = NULL, updated_at = now()
        WHERE id = ANY($6::int[]) AND status IN ('pending', 'confirmed')`,
      [
        sent.map((one) => one.key),
        sent.map((one) => one.companyId),
        sent.map((one) => one.shippingId),
        sent.map((one) => one.step),
        sent.map((one) => one.externalId),
        delivered,
      ],
    );
  }

  async markAwaiting(companyId: number, id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_shippings SET status = 'awaiting_confirmation',
              confirmation_requested_at = now(), locked_until = NULL, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND status = 'pending'`,
      [companyId, id],
    );
  }

  async markFailed(companyId: number, id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_shippings SET status = 'failed', failed_at = now(), error = $3,
              locked_until = NULL, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND status IN ('pending', 'confirmed')`,
      [companyId, id, error],
    );
  }

  /** Not sent: the number opted out before its turn (the row is done, as a failed one is). */
  async markOptedOut(companyId: number, id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_shippings SET status = 'opted_out', locked_until = NULL, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND status IN ('pending', 'confirmed')`,
      [companyId, id],
    );
  }

  async retryLater(companyId: number, id: number, error: string, delayMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_shippings SET error = $3, locked_until = NULL,
              send_at = now() + ($4 * interval '1 millisecond'), updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, error, delayMs],
    );
  }

  /**
   * A reply from a number a confirmation waits on: its row is confirmed and its message due after
   * `delayMs`. Answers how many rows it confirmed.
   */
  async confirm(
    manager: EntityManager,
    companyId: number,
    whatsappId: number,
    number: string,
    delayMs: number,
  ): Promise<number> {
    const result: [unknown[], number] | unknown[] = await manager.query(
      `UPDATE campaign_shippings SET status = 'confirmed', confirmed_at = now(), locked_until = NULL,
              send_at = now() + ($4 * interval '1 millisecond'), updated_at = now()
        WHERE company_id = $1 AND whatsapp_id = $2 AND number = $3
          AND status = 'awaiting_confirmation'
        RETURNING id`,
      [companyId, whatsappId, number, delayMs],
    );
    return returned(result).length;
  }

  /**
   * Running campaigns with nothing left to send become FINALIZADA (rows waiting for a confirmation do
   * not hold a campaign open); answers those that did.
   */
  async finishDone(manager: EntityManager): Promise<CampaignRow[]> {
    const result:
      [{ id: number; company_id: number }[], number] | { id: number; company_id: number }[] =
      await manager.query(
        `UPDATE campaigns c SET status = 'FINALIZADA', completed_at = now(), updated_at = now()
          WHERE c.status = 'EM_ANDAMENTO'
            AND NOT EXISTS (SELECT 1 FROM campaign_shippings s
                             WHERE s.campaign_id = c.id AND s.status IN ('pending', 'confirmed'))
          RETURNING c.id, c.company_id`,
      );
    const done: CampaignRow[] = [];
    for (const row of returned(result)) {
      const found = await this.find(row.company_id, row.id, manager);
      if (found) done.push(found);
    }
    return done;
  }
}
