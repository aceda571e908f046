import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Fencing (ARCHITECTURE.md §9): the companies a tenant operation fenced, fed by identity's events, so
 * every replica and a restart agree; and Meta webhooks held for one of them (`held`, with the
 * company in `held_by`) until the fence lifts. The fence names its company `id`, not `company_id`:
 * it is the operation's state, not the company's data, and an export must not carry it.
 */
export class CompanyFences1800000190000 implements MigrationInterface {
  name = 'CompanyFences1800000190000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.fenced_companies (
        id integer PRIMARY KEY,
        operation_id uuid NOT NULL,
        -- the WhatsApp sessions that were live when the fence went up: they start again after it
        stopped_sessions integer[] NOT NULL DEFAULT '{}',
        fenced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE ${s}.webhook_deliveries ADD COLUMN held_by integer NULL`);
    await queryRunner.query(
      `ALTER TABLE ${s}.webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_chk`,
    );
    await queryRunner.query(
      `ALTER TABLE ${s}.webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_chk
         CHECK (status IN ('pending','held','done','failed'))`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_held_idx ON ${s}.webhook_deliveries (held_by, id) WHERE status = 'held'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(
      `UPDATE ${s}.webhook_deliveries SET status = 'pending' WHERE status = 'held'`,
    );
    await queryRunner.query(`DROP INDEX ${s}.webhook_deliveries_held_idx`);
    await queryRunner.query(
      `ALTER TABLE ${s}.webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_chk`,
    );
    await queryRunner.query(
      `ALTER TABLE ${s}.webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_chk
         CHECK (status IN ('pending','done','failed'))`,
    );
    await queryRunner.query(`ALTER TABLE ${s}.webhook_deliveries DROP COLUMN held_by`);
    await queryRunner.query(`DROP TABLE ${s}.fenced_companies`);
  }
}
