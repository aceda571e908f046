import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * How many external API sends (POST /api/messages/send) each company made per day (UTC): one row per
 * company and day, upserted on every accepted call.
 */
export class ApiUsage1800000006000 implements MigrationInterface {
  name = 'ApiUsage1800000006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.api_usage (
        company_id integer NOT NULL,
        day date NOT NULL,
        count integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.api_usage`);
  }
}
