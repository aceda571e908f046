import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * When a worker last handed a session over voluntarily (to make room for a worker that joined): the
 * handovers of the current renewal period are counted against a cluster-wide allowance, so sessions
 * move a few at a time instead of all reconnecting at once. Null for a session never handed over.
 */
export class SessionHandovers1800000130000 implements MigrationInterface {
  name = 'SessionHandovers1800000130000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(
      `ALTER TABLE ${s}.session_leases ADD COLUMN handed_over_at timestamptz`,
    );
    await queryRunner.query(
      `CREATE INDEX session_leases_handed_over_idx ON ${s}.session_leases (handed_over_at)
       WHERE handed_over_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP INDEX ${s}.session_leases_handed_over_idx`);
    await queryRunner.query(`ALTER TABLE ${s}.session_leases DROP COLUMN handed_over_at`);
  }
}
