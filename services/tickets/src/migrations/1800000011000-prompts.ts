import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** AI prompts (spec 3 §2.16): one per row, its API and voice keys sealed with the service's SecretBox. */
export class Prompts1800000011000 implements MigrationInterface {
  name = 'Prompts1800000011000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.prompts (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(100) NOT NULL,
        prompt text NOT NULL,
        api_key_sealed text NOT NULL,
        voice varchar(40) NOT NULL DEFAULT 'texto',
        voice_key_sealed text,
        voice_region varchar(50) NOT NULL DEFAULT '',
        max_tokens integer NOT NULL DEFAULT 100,
        temperature real NOT NULL DEFAULT 1,
        max_messages integer NOT NULL DEFAULT 10,
        queue_id integer REFERENCES ${s}.queues (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX prompts_company_name_idx ON ${s}.prompts (company_id, name)`,
    );
    await queryRunner.query(`CREATE INDEX prompts_queue_idx ON ${s}.prompts (queue_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.prompts`);
  }
}
