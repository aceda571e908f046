import { Injectable } from '@nestjs/common';
import type { ShippingStatus } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { TablesRepository } from '../company-row.repository.js';
import { containsPattern, readCompanyPage } from '@sb/platform/db';

/** A shipping row as a reply or an opt-out left it. */
export type RepliedShipping = {
  id: number;
  campaign_id: number;
  status: ShippingStatus;
  first_reply_at: Date | null;
  reply_count: number;
};

/** The opt-out recorded for a number: when, and the shipping last sent to it (if any). */
export type OptOutRow = {
  opted_out_at: Date;
  campaign_id: number | null;
  shipping_id: number | null;
  /** recorded by this reply (not an earlier one) */
  created: boolean;
};

/** An opt-out as the list reads it. */
export type OptOutListRow = {
  number: string;
  opted_out_at: Date;
  campaign_id: number | null;
  campaign_name: string | null;
};

const returned = <T>(result: [T[], number] | T[]): T[] =>
  Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);

/** When a shipping's last campaign message went out (the confirmation, or the message after it). */
const lastSent = 'GREATEST(delivered_at, confirmation_requested_at)';

/**
 * Contacts' replies to campaigns and their opt-outs. Numbers are digits only. Every method takes the
 * company first and runs in the caller's (tenant) transaction, or reads under the company's row-level
 * security (the dispatcher's check).
 */
@Injectable()
export class CampaignRepliesRepository extends TablesRepository {
  /**
   * Links a contact's message to the shipping last sent to its number on that connection within the
   * window: its first reply time (now) and one more reply. Answers the row, or undefined when no
   * campaign message went there within the window.
   */
  async attributeReply(
    manager: EntityManager,
    companyId: number,
    whatsappId: number,
    number: string,
    windowHours: number,
  ): Promise<RepliedShipping | undefined> {
    const result: [RepliedShipping[], number] | RepliedShipping[] = await manager.query(
      `UPDATE campaign_shippings s
          SET first_reply_at = COALESCE(s.first_reply_at, now()), reply_count = s.reply_count + 1,
              updated_at = now()
        WHERE s.id = (
          SELECT x.id FROM campaign_shippings x
           WHERE x.company_id = $1 AND x.whatsapp_id = $2 AND x.number = $3
             AND ${lastSent} >= now() - ($4 * interval '1 hour')
           ORDER BY ${lastSent} DESC, x.id DESC LIMIT 1)
        RETURNING s.id, s.campaign_id, s.status, s.first_reply_at, s.reply_count`,
      [companyId, whatsappId, number, windowHours],
    );
    return returned(result)[0];
  }

  /**
   * Marks a number opted out for the company, from the shipping last sent to it (any connection).
   * An earlier opt-out is kept as it was; answers the stored one.
   */
  async recordOptOut(
    manager: EntityManager,
    companyId: number,
    number: string,
    whatsappId: number,
  ): Promise<OptOutRow> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO campaign_opt_outs (company_id, number, campaign_id, shipping_id, whatsapp_id)
       SELECT $1, $2, last.campaign_id, last.id, $3
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (
           SELECT x.id, x.campaign_id FROM campaign_shippings x
            WHERE x.company_id = $1 AND x.number = $2 AND ${lastSent} IS NOT NULL
            ORDER BY ${lastSent} DESC, x.id DESC LIMIT 1) last ON true
       ON CONFLICT (company_id, number) DO NOTHING
       RETURNING number`,
      [companyId, number, whatsappId],
    );
    const rows: Omit<OptOutRow, 'created'>[] = await manager.query(
      `SELECT opted_out_at, campaign_id, shipping_id FROM campaign_opt_outs
        WHERE company_id = $1 AND number = $2`,
      [companyId, number],
    );
    return { ...rows[0]!, created: returned(inserted).length > 0 };
  }

  async shipping(
    manager: EntityManager,
    companyId: number,
    id: number,
  ): Promise<RepliedShipping | undefined> {
    const rows: RepliedShipping[] = await manager.query(
      `SELECT id, campaign_id, status, first_reply_at, reply_count FROM campaign_shippings
        WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0];
  }

  /**
   * Rows of the number still waiting for a confirmation are skipped: the contact said stop, so the
   * message must not follow. Answers them.
   */
  async skipAwaiting(
    manager: EntityManager,
    companyId: number,
    number: string,
  ): Promise<RepliedShipping[]> {
    const result: [RepliedShipping[], number] | RepliedShipping[] = await manager.query(
      `UPDATE campaign_shippings SET status = 'opted_out', locked_until = NULL, updated_at = now()
        WHERE company_id = $1 AND number = $2 AND status = 'awaiting_confirmation'
        RETURNING id, campaign_id, status, first_reply_at, reply_count`,
      [companyId, number],
    );
    return returned(result);
  }

  /** A page of the company's opt-outs, newest first, numbers containing `digits` when given. */
  optOutPage(companyId: number, digits: string, pageNumber: number, limit: number) {
    return readCompanyPage<OptOutListRow>(
      this.transactions,
      companyId,
      `SELECT o.number, o.opted_out_at, o.campaign_id, c.name AS campaign_name
           FROM campaign_opt_outs o LEFT JOIN campaigns c ON c.id = o.campaign_id
          WHERE o.company_id = $1 AND ($2 = '' OR o.number LIKE $3)
          ORDER BY o.opted_out_at DESC, o.number`,
      [companyId, digits, containsPattern(digits)],
      { offset: (pageNumber - 1) * limit, limit },
    );
  }

  /** Forgets the number's opt-out; answers whether there was one. */
  async removeOptOut(manager: EntityManager, companyId: number, number: string) {
    const result: [unknown[], number] | unknown[] = await manager.query(
      'DELETE FROM campaign_opt_outs WHERE company_id = $1 AND number = $2 RETURNING number',
      [companyId, number],
    );
    return returned(result).length > 0;
  }
}
