import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Failures per account (issue 16): failed logins per email and reset codes per number, keyed by a
 * hash of the normalised email or number, shared by every replica.
 */
export class AccountThrottles1800000016000 implements MigrationInterface {
  name = 'AccountThrottles1800000016000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.account_throttles (
        kind text NOT NULL,
        key_hash char(64) NOT NULL,
        failures integer NOT NULL,
        last_failed_at timestamptz NOT NULL,
        locked_until timestamptz,
        PRIMARY KEY (kind, key_hash)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.account_throttles`);
  }
}
