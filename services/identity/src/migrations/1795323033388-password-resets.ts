import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Password reset requests by code (spec 3 §2.19): only an HMAC of the code is kept. A request for a
 * number without an account is stored too (user_id NULL), so it answers and counts attempts like a
 * real one and never tells whether the number exists.
 */
export class PasswordResets1795323033388 implements MigrationInterface {
  name = 'PasswordResets1795323033388';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer REFERENCES ${s}.users(id) ON DELETE CASCADE,
        company_id integer,
        code_salt char(32) NOT NULL,
        code_hash char(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        verified_at timestamptz,
        reset_token_hash char(64),
        reset_token_expires_at timestamptz,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT password_resets_token_key UNIQUE (reset_token_hash)
      )`);
    // a new code supersedes the user's pending ones
    await queryRunner.query(
      `CREATE INDEX password_resets_user_idx ON ${s}.password_resets (user_id) WHERE used_at IS NULL`,
    );
    // finding the account of a number compares digits only
    await queryRunner.query(
      `CREATE INDEX users_wpp_digits_idx ON ${s}.users ((regexp_replace(wpp, '\\D', '', 'g')))
         WHERE wpp IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.users_wpp_digits_idx`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.password_resets`);
  }
}
