import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Campaigns (spec 3 §3), their shipping rows (one per campaign and number) and the record of each send
 * (one per shipping step, keyed for idempotency, written before the channel is called).
 */
export class Campaigns1800000092000 implements MigrationInterface {
  name = 'Campaigns1800000092000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    const variants = (prefix: string) =>
      [1, 2, 3, 4, 5].map((n) => `${prefix}${n} text NOT NULL DEFAULT ''`).join(',\n        ');
    await queryRunner.query(`
      CREATE TABLE ${s}.campaigns (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        ${variants('message')},
        ${variants('confirmation_message')},
        confirmation boolean NOT NULL DEFAULT false,
        status varchar(20) NOT NULL DEFAULT 'INATIVA',
        scheduled_at timestamptz,
        started_at timestamptz,
        completed_at timestamptz,
        contact_list_id integer REFERENCES ${s}.contact_lists (id) ON DELETE SET NULL,
        tag_list_id integer,
        whatsapp_ids integer[] NOT NULL DEFAULT '{}',
        media_path text,
        media_name text,
        media_mime text,
        media_size integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the list page (newest first) and the dispatcher's look for due and running campaigns
    await queryRunner.query(
      `CREATE INDEX campaigns_company_idx ON ${s}.campaigns (company_id, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX campaigns_due_idx ON ${s}.campaigns (scheduled_at)
         WHERE status = 'PROGRAMADA'`,
    );
    await queryRunner.query(
      `CREATE INDEX campaigns_running_idx ON ${s}.campaigns (id) WHERE status = 'EM_ANDAMENTO'`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.campaign_shippings (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        campaign_id integer NOT NULL REFERENCES ${s}.campaigns (id) ON DELETE CASCADE,
        position integer NOT NULL,
        number varchar(50) NOT NULL,
        name varchar(50) NOT NULL DEFAULT '',
        email varchar(255) NOT NULL DEFAULT '',
        message text NOT NULL,
        confirmation_message text,
        whatsapp_id integer NOT NULL,
        status varchar(24) NOT NULL DEFAULT 'pending',
        send_at timestamptz NOT NULL,
        locked_until timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        confirmation_requested_at timestamptz,
        confirmed_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT campaign_shippings_contact_uq UNIQUE (campaign_id, number)
      )`);
    // the sender's claim of due rows, the report's page, and a reply finding its waiting row
    await queryRunner.query(
      `CREATE INDEX campaign_shippings_due_idx ON ${s}.campaign_shippings (send_at)
         WHERE status IN ('pending', 'confirmed')`,
    );
    await queryRunner.query(
      `CREATE INDEX campaign_shippings_campaign_idx ON ${s}.campaign_shippings (campaign_id, position)`,
    );
    await queryRunner.query(
      `CREATE INDEX campaign_shippings_waiting_idx
         ON ${s}.campaign_shippings (company_id, whatsapp_id, number)
         WHERE status = 'awaiting_confirmation'`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.campaign_sends (
        idempotency_key varchar(80) PRIMARY KEY,
        company_id integer NOT NULL,
        shipping_id integer NOT NULL REFERENCES ${s}.campaign_shippings (id) ON DELETE CASCADE,
        step varchar(16) NOT NULL,
        external_id text,
        started_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX campaign_sends_shipping_idx ON ${s}.campaign_sends (shipping_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaign_sends`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaign_shippings`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaigns`);
  }
}
