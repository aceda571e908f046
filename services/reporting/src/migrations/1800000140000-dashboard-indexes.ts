import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Indexes of the dashboard at size (bench/reporting, a company with 200,000 tickets):
 * - leads (contacts with one ticket in the period): the company's facts in contact order with their
 *   creation time, so a year is counted from the index alone, grouped as it is read, instead of
 *   visiting every row and hashing (and spilling) the contacts;
 * - Tempo Real (the newest changed tickets created in the period): the company's facts newest change
 *   first, so its page of 2,000 stops early instead of reading and sorting a month of tickets.
 */
export class DashboardIndexes1800000140000 implements MigrationInterface {
  name = 'DashboardIndexes1800000140000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(
      `CREATE INDEX ticket_fact_contact_idx ON ${s}.ticket_fact (company_id, contact_id, created_at)
         WHERE NOT deleted`,
    );
    await queryRunner.query(
      `CREATE INDEX ticket_fact_updated_idx ON ${s}.ticket_fact
         (company_id, updated_at DESC, ticket_id DESC) WHERE NOT deleted`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.ticket_fact_updated_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.ticket_fact_contact_idx`);
  }
}
