import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The router's state on the ticket: `routed_at` when the router last gave it to an agent and
 * `routed_user_id` that agent (a ticket a person gave to someone else is not the router's to move).
 * The router's scan reads the pending tickets outside a bot step through a partial index.
 */
export class TicketRouting1800000014000 implements MigrationInterface {
  name = 'TicketRouting1800000014000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `ALTER TABLE ${s}.tickets ADD COLUMN routed_at timestamptz, ADD COLUMN routed_user_id integer`,
    );
    await queryRunner.query(
      `CREATE INDEX tickets_routable_idx ON ${s}.tickets (company_id, id)
        WHERE status = 'pending' AND queue_id IS NOT NULL AND is_group = false AND is_bot = false
          AND use_integration = false AND prompt_id IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.tickets_routable_idx`);
    await queryRunner.query(
      `ALTER TABLE ${s}.tickets DROP COLUMN IF EXISTS routed_at, DROP COLUMN IF EXISTS routed_user_id`,
    );
  }
}
