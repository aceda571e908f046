import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Contacts (with extra info), tags, their links to contacts and tickets, and contact import jobs. */
export class ContactsTags1800000001000 implements MigrationInterface {
  name = 'ContactsTags1800000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.contacts (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL,
        -- digits only for phones; a group keeps its channel id
        number varchar(100) NOT NULL,
        lid varchar(100),
        email varchar(255) NOT NULL DEFAULT '',
        channel varchar(20) NOT NULL DEFAULT 'whatsapp',
        is_group boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        disable_bot boolean NOT NULL DEFAULT false,
        accept_audio_message boolean NOT NULL DEFAULT true,
        lgpd_accepted_at timestamptz,
        url_picture varchar(1000),
        -- lower-case, accent-free name for the search
        search_name varchar(255) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contacts_company_channel_number_key UNIQUE (company_id, channel, number)
      )`);
    await queryRunner.query(
      `CREATE INDEX contacts_company_lid_idx ON ${s}.contacts (company_id, lid) WHERE lid IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX contacts_company_name_idx ON ${s}.contacts (company_id, name, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX contacts_company_created_idx ON ${s}.contacts (company_id, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.contact_extra_info (
        id serial PRIMARY KEY,
        contact_id integer NOT NULL REFERENCES ${s}.contacts(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        value text NOT NULL DEFAULT ''
      )`);
    await queryRunner.query(
      `CREATE INDEX contact_extra_info_contact_idx ON ${s}.contact_extra_info (contact_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.tags (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(100) NOT NULL,
        color varchar(7) NOT NULL DEFAULT '#A4CCCC',
        kanban integer NOT NULL DEFAULT 0,
        user_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX tags_company_kanban_name_idx ON ${s}.tags (company_id, kanban, name)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.contact_tags (
        contact_id integer NOT NULL REFERENCES ${s}.contacts(id) ON DELETE CASCADE,
        tag_id integer NOT NULL REFERENCES ${s}.tags(id) ON DELETE CASCADE,
        PRIMARY KEY (contact_id, tag_id)
      )`);
    await queryRunner.query(`CREATE INDEX contact_tags_tag_idx ON ${s}.contact_tags (tag_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_tags (
        ticket_id integer NOT NULL,
        tag_id integer NOT NULL REFERENCES ${s}.tags(id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        PRIMARY KEY (ticket_id, tag_id)
      )`);
    await queryRunner.query(`CREATE INDEX ticket_tags_tag_idx ON ${s}.ticket_tags (tag_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.contact_import_jobs (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        rows jsonb NOT NULL,
        total integer NOT NULL,
        done integer NOT NULL DEFAULT 0,
        failed_rows jsonb NOT NULL DEFAULT '[]',
        status varchar(10) NOT NULL DEFAULT 'running',
        -- a worker holds the job while it beats; a stale beat lets another instance resume it
        heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX contact_import_jobs_running_idx ON ${s}.contact_import_jobs (status, heartbeat_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    for (const table of [
      'contact_import_jobs',
      'ticket_tags',
      'contact_tags',
      'tags',
      'contact_extra_info',
      'contacts',
    ])
      await queryRunner.query(`DROP TABLE IF EXISTS ${s}.${table}`);
  }
}
