import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What campaigns removed of an erased contact, counted per table. */
export type CampaignsErasure = {
  contactListItems: number;
  shippings: number;
  optOuts: number;
  schedules: number;
};

/** TypeORM answers a DELETE as [rows, affected count]. */
const affected = (result: unknown): number =>
  Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;

/** A stored number compared by its digits (imports keep what the sheet had). */
const sameNumber = `regexp_replace(number, '\\D', '', 'g') = $2`;

/** The deletes of a contact's erasure (LGPD). Every method takes the company id first. */
@Injectable()
export class ContactErasureRepository {
  /**
   * Deletes the rows of `number` (digits) and the contact's scheduled messages, in the consumer's
   * transaction: contact-list items, campaign shipping rows (their sends go with them) and opt-outs.
   */
  async eraseContact(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    number: string,
  ): Promise<CampaignsErasure> {
    const byNumber = async (table: string) =>
      number
        ? affected(
            await manager.query(`DELETE FROM ${table} WHERE company_id = $1 AND ${sameNumber}`, [
              companyId,
              number,
            ]),
          )
        : 0;
    return {
      contactListItems: await byNumber('contact_list_items'),
      shippings: await byNumber('campaign_shippings'),
      optOuts: await byNumber('campaign_opt_outs'),
      schedules: affected(
        await manager.query(`DELETE FROM schedules WHERE company_id = $1 AND contact_id = $2`, [
          companyId,
          contactId,
        ]),
      ),
    };
  }
}
