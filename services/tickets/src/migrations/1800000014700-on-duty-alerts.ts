import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The on-duty alerts' scan (BEHAVIOUR.md §5 step 6 "Plantão"): the pending, non-group tickets whose
 * contact spoke last, by company and next alert time, through a partial index (next_notify_at exists
 * since the tickets table was created).
 */
export class OnDutyAlerts1800000014700 implements MigrationInterface {
  name = 'OnDutyAlerts1800000014700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `CREATE INDEX tickets_on_duty_idx ON ${s}.tickets (company_id, next_notify_at)
        WHERE status = 'pending' AND is_group = false AND from_me = false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.tickets_on_duty_idx`);
  }
}
