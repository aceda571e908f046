import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The reporting read models (issue 18), all built from events only:
 * - ticket_fact: one row per ticket (created, queued, accepted, first response, closed, rated, by whom);
 * - daily_rollup: counts per company × local day of creation × queue × user × connection (0 = none);
 * - message_daily: messages per company × day × direction (GET /messages-allMe);
 * - user_directory: the company's users as identity announces them (names, profile, online).
 */
export class Projections1800000030000 implements MigrationInterface {
  name = 'Projections1800000030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_fact (
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        contact_id integer NOT NULL,
        contact_name text NOT NULL DEFAULT '',
        is_group boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        status varchar(16) NOT NULL,
        queue_id integer,
        queue_name text,
        queue_color varchar(32),
        user_id integer,
        whatsapp_id integer,
        queued_at timestamptz,
        accepted_at timestamptz,
        accepted_by integer,
        first_response_at timestamptz,
        first_response_by integer,
        closed_at timestamptz,
        closed_by integer,
        closed_exact boolean NOT NULL DEFAULT false,
        rate integer,
        rated_at timestamptz,
        deleted boolean NOT NULL DEFAULT false,
        version_at timestamptz NOT NULL,
        version_seq timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (company_id, ticket_id)
      )`);
    // moments and the leads count: a company's tickets by creation time; current open/pending counts
    await queryRunner.query(
      `CREATE INDEX ticket_fact_created_idx ON ${s}.ticket_fact (company_id, created_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX ticket_fact_status_idx ON ${s}.ticket_fact (company_id, status) WHERE NOT deleted`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.daily_rollup (
        company_id integer NOT NULL,
        day date NOT NULL,
        queue_id integer NOT NULL,
        user_id integer NOT NULL,
        whatsapp_id integer NOT NULL,
        tickets integer NOT NULL DEFAULT 0,
        group_tickets integer NOT NULL DEFAULT 0,
        closed integer NOT NULL DEFAULT 0,
        closed_rated integer NOT NULL DEFAULT 0,
        rated integer NOT NULL DEFAULT 0,
        nps_waiting integer NOT NULL DEFAULT 0,
        wait_minutes bigint NOT NULL DEFAULT 0,
        wait_count integer NOT NULL DEFAULT 0,
        support_minutes bigint NOT NULL DEFAULT 0,
        support_count integer NOT NULL DEFAULT 0,
        rate_sum integer NOT NULL DEFAULT 0,
        promoters integer NOT NULL DEFAULT 0,
        passives integer NOT NULL DEFAULT 0,
        detractors integer NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, day, queue_id, user_id, whatsapp_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.message_daily (
        company_id integer NOT NULL,
        day date NOT NULL,
        from_me boolean NOT NULL,
        messages integer NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, day, from_me)
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.user_directory (
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        name text NOT NULL DEFAULT '',
        profile varchar(16),
        online boolean NOT NULL DEFAULT false,
        deleted boolean NOT NULL DEFAULT false,
        version_at timestamptz NOT NULL,
        PRIMARY KEY (company_id, user_id)
      )`);
    // which generation of durable consumers feeds the tables (a rebuild starts a new one)
    await queryRunner.query(`
      CREATE TABLE ${s}.projection_state (
        id integer PRIMARY KEY CHECK (id = 1),
        generation integer NOT NULL DEFAULT 1
      )`);
    await queryRunner.query(`INSERT INTO ${s}.projection_state (id, generation) VALUES (1, 1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    for (const table of [
      'projection_state',
      'user_directory',
      'message_daily',
      'daily_rollup',
      'ticket_fact',
    ])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
