import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Platform-wide helps and announcements (no company column: every company reads them). */
export class HelpsAnnouncements1795322795267 implements MigrationInterface {
  name = 'HelpsAnnouncements1795322795267';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.helps (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        description text NOT NULL DEFAULT '',
        video varchar(64) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.announcements (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        text text NOT NULL,
        priority smallint NOT NULL DEFAULT 3,
        status boolean NOT NULL DEFAULT true,
        media_path varchar(500),
        media_name varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT announcements_priority_chk CHECK (priority BETWEEN 1 AND 3)
      )`);
    // the popover's page: active ones, newest first
    await queryRunner.query(
      `CREATE INDEX announcements_status_id_idx ON ${s}.announcements (status, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.announcements`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.helps`);
  }
}
