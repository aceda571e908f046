import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** The quoted schema an extension lives in, creating it in public when missing. */
async function extensionSchema(queryRunner: QueryRunner, extension: string): Promise<string> {
  await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
  const rows = (await queryRunner.query(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = $1`,
    [extension],
  )) as { schema: string }[];
  return `"${(rows[0]?.schema ?? 'public').replaceAll('"', '""')}"`;
}

/**
 * Tickets (with their service cycles, logs and notes) and messages, with the indexes of the hot paths:
 * the ticket list by (company, status, updatedAt), the one-active-ticket rule per (company, contact,
 * connection), the accent-insensitive search and the message pages of a ticket.
 */
export class TicketsMessages1800000003000 implements MigrationInterface {
  name = 'TicketsMessages1800000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    const trgm = await extensionSchema(queryRunner, 'pg_trgm');
    const unaccent = await extensionSchema(queryRunner, 'unaccent');
    // unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary can be indexed
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION ${s}.search_text(value text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $fn$ SELECT lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, value)) $fn$`);
    await queryRunner.query(`
      CREATE TABLE ${s}.tickets (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL,
        company_id integer NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending',
        is_group boolean NOT NULL DEFAULT false,
        is_bot boolean NOT NULL DEFAULT false,
        channel varchar(20) NOT NULL DEFAULT 'whatsapp',
        contact_id integer NOT NULL REFERENCES ${s}.contacts(id) ON DELETE CASCADE,
        whatsapp_id integer,
        queue_id integer,
        user_id integer,
        unread_messages integer NOT NULL DEFAULT 0,
        last_message text NOT NULL DEFAULT '',
        from_me boolean,
        amount_used_bot_queues integer NOT NULL DEFAULT 0,
        amount_used_bot_queues_nps integer NOT NULL DEFAULT 0,
        use_integration boolean NOT NULL DEFAULT false,
        integration_id integer,
        prompt_id integer,
        chatbot_id integer,
        typebot_session_id varchar(255),
        typebot_status boolean NOT NULL DEFAULT false,
        typebot_session_at timestamptz,
        send_inactive_message boolean NOT NULL DEFAULT false,
        is_out_of_hour boolean NOT NULL DEFAULT false,
        lgpd_send_message_at timestamptz,
        lgpd_accepted_at timestamptz,
        imported boolean NOT NULL DEFAULT false,
        next_notify_at timestamptz,
        user_rating smallint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tickets_status_check
          CHECK (status IN ('pending', 'open', 'closed', 'group', 'lgpd', 'nps')),
        CONSTRAINT tickets_uuid_key UNIQUE (uuid)
      )`);
    // the list: one company, one status, newest activity first
    await queryRunner.query(
      `CREATE INDEX tickets_company_status_updated_idx
         ON ${s}.tickets (company_id, status, updated_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX tickets_company_updated_idx ON ${s}.tickets (company_id, updated_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX tickets_company_queue_status_idx ON ${s}.tickets (company_id, queue_id, status)`,
    );
    await queryRunner.query(
      `CREATE INDEX tickets_company_user_status_idx ON ${s}.tickets (company_id, user_id, status)`,
    );
    await queryRunner.query(
      `CREATE INDEX tickets_contact_idx ON ${s}.tickets (contact_id, whatsapp_id, updated_at DESC)`,
    );
    // one active ticket per contact and connection (a missing connection counts as one connection)
    await queryRunner.query(
      `CREATE UNIQUE INDEX tickets_one_active_idx
         ON ${s}.tickets (company_id, contact_id, COALESCE(whatsapp_id, 0))
         WHERE status IN ('pending', 'open', 'group', 'nps', 'lgpd')`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_tracking (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL REFERENCES ${s}.tickets(id) ON DELETE CASCADE,
        user_id integer,
        queue_id integer,
        whatsapp_id integer,
        queued_at timestamptz,
        started_at timestamptz,
        chatbot_at timestamptz,
        closed_at timestamptz,
        finished_at timestamptz,
        rating_at timestamptz,
        rating smallint,
        rated boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX ticket_tracking_ticket_idx ON ${s}.ticket_tracking (ticket_id, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX ticket_tracking_company_created_idx ON ${s}.ticket_tracking (company_id, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_logs (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL REFERENCES ${s}.tickets(id) ON DELETE CASCADE,
        type varchar(20) NOT NULL,
        user_id integer,
        queue_id integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX ticket_logs_ticket_idx ON ${s}.ticket_logs (ticket_id, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_notes (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL REFERENCES ${s}.tickets(id) ON DELETE CASCADE,
        contact_id integer NOT NULL REFERENCES ${s}.contacts(id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        note text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX ticket_notes_company_contact_idx ON ${s}.ticket_notes (company_id, contact_id, created_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX ticket_notes_ticket_idx ON ${s}.ticket_notes (ticket_id, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.messages (
        id uuid PRIMARY KEY,
        wid varchar(255),
        company_id integer NOT NULL,
        ticket_id integer NOT NULL REFERENCES ${s}.tickets(id) ON DELETE CASCADE,
        contact_id integer REFERENCES ${s}.contacts(id) ON DELETE SET NULL,
        queue_id integer,
        user_id integer,
        ticket_tracking_id integer,
        body text NOT NULL DEFAULT '',
        from_me boolean NOT NULL DEFAULT false,
        read boolean NOT NULL DEFAULT false,
        ack smallint NOT NULL DEFAULT 0,
        media_type varchar(30) NOT NULL DEFAULT 'chat',
        media_key varchar(1000),
        media_name varchar(255),
        is_deleted boolean NOT NULL DEFAULT false,
        is_edited boolean NOT NULL DEFAULT false,
        is_forwarded boolean NOT NULL DEFAULT false,
        is_private boolean NOT NULL DEFAULT false,
        quoted_msg_id uuid,
        participant varchar(255),
        data_json jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT messages_ack_check CHECK (ack BETWEEN 0 AND 4)
      )`);
    await queryRunner.query(
      `CREATE INDEX messages_ticket_created_idx ON ${s}.messages (ticket_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX messages_company_wid_key ON ${s}.messages (company_id, wid)
         WHERE wid IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX messages_company_created_idx ON ${s}.messages (company_id, created_at)`,
    );
    // the accent-insensitive search of the ticket list
    await queryRunner.query(
      `CREATE INDEX messages_body_search_idx ON ${s}.messages
         USING gin (${s}.search_text(body) ${trgm}.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX contacts_search_name_trgm_idx ON ${s}.contacts
         USING gin (search_name ${trgm}.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX contacts_number_trgm_idx ON ${s}.contacts USING gin (number ${trgm}.gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.contacts_number_trgm_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.contacts_search_name_trgm_idx`);
    for (const table of ['messages', 'ticket_notes', 'ticket_logs', 'ticket_tracking', 'tickets'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${s}.${table}`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${s}.search_text(text)`);
  }
}
