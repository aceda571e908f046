import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** TypeORM answers an UPDATE as [rows, affected count]. */
const affected = (result: unknown): number =>
  Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;

/** The projections' part of a contact's erasure (LGPD). Every method takes the company id first. */
@Injectable()
export class ContactErasureRepository {
  /**
   * Blanks the contact's name on its ticket facts; the facts stay, so every count and time the
   * dashboards and reports show is unchanged. Returns how many facts changed.
   */
  async forgetContact(
    manager: EntityManager,
    companyId: number,
    contactId: number,
  ): Promise<number> {
    return affected(
      await manager.query(
        `UPDATE ticket_fact SET contact_name = ''
          WHERE company_id = $1 AND contact_id = $2 AND contact_name <> ''`,
        [companyId, contactId],
      ),
    );
  }
}
