import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Connections (spec 2 §3 "whatsapp"), their channel secrets and the queues they route to. */
export class Connections1800000001000 implements MigrationInterface {
  name = 'Connections1800000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.connections (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL,
        number varchar(64),
        channel varchar(20) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'OPENING',
        is_default boolean NOT NULL DEFAULT false,
        qrcode text,
        retries integer NOT NULL DEFAULT 0,
        token varchar(255),
        greeting_message text,
        complation_message text,
        out_of_hours_message text,
        rating_message text,
        provider varchar(40) NOT NULL DEFAULT 'beta',
        max_use_bot_queues integer NOT NULL DEFAULT 3,
        time_use_bot_queues integer NOT NULL DEFAULT 0,
        expires_ticket integer NOT NULL DEFAULT 0,
        expires_ticket_nps integer NOT NULL DEFAULT 0,
        when_expires_ticket varchar(1) NOT NULL DEFAULT '0',
        expires_inactive_message text,
        time_inactive_message integer NOT NULL DEFAULT 0,
        inactive_message text,
        max_use_bot_queues_nps integer NOT NULL DEFAULT 3,
        time_send_queue integer NOT NULL DEFAULT 0,
        send_id_queue integer,
        time_create_new_ticket integer NOT NULL DEFAULT 0,
        allow_group boolean NOT NULL DEFAULT false,
        group_as_ticket varchar(10) NOT NULL DEFAULT 'disabled',
        greeting_media_attachment varchar(500),
        import_old_messages varchar(40),
        import_recent_messages varchar(40),
        import_old_messages_groups boolean NOT NULL DEFAULT false,
        closed_tickets_post_imported boolean NOT NULL DEFAULT false,
        status_import_messages varchar(40),
        integration_id integer,
        prompt_id integer,
        schedules jsonb NOT NULL DEFAULT '[]',
        -- channel secrets (tokens); never published, never answered over HTTP
        credentials jsonb NOT NULL DEFAULT '{}',
        -- phoneNumberId / pageId / instagramId: how a webhook finds its connection
        external_id varchar(120),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT connections_channel_chk CHECK (channel IN ('whatsapp','whatsappapi','facebook','instagram'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX connections_company_name_uq ON ${s}.connections (company_id, name)`,
    );
    // at most one default connection per company
    await queryRunner.query(
      `CREATE UNIQUE INDEX connections_company_default_uq ON ${s}.connections (company_id) WHERE is_default`,
    );
    await queryRunner.query(
      `CREATE INDEX connections_external_idx ON ${s}.connections (channel, external_id) WHERE external_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.connection_queues (
        connection_id integer NOT NULL REFERENCES ${s}.connections(id) ON DELETE CASCADE,
        queue_id integer NOT NULL,
        company_id integer NOT NULL,
        PRIMARY KEY (connection_id, queue_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX connection_queues_company_queue_idx ON ${s}.connection_queues (company_id, queue_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.connection_queues`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.connections`);
  }
}
