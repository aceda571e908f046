import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** File lists (spec 3 §2.15): a name, a message and options, each with one stored file. */
export class FileLists1800000011500 implements MigrationInterface {
  name = 'FileLists1800000011500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.file_lists (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        name varchar(100) NOT NULL,
        message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX file_lists_company_name_idx ON ${s}.file_lists (company_id, name)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.file_list_options (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        file_list_id integer NOT NULL REFERENCES ${s}.file_lists (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        path varchar(500),
        media_type varchar(100),
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX file_list_options_list_idx ON ${s}.file_list_options (file_list_id, position)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.file_list_options`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.file_lists`);
  }
}
