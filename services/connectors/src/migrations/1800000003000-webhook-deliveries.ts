import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Meta webhooks stored before they are answered, then processed (and retried) by a poller; the inbound
 * message ids already handed on, so a webhook Meta delivers twice yields one message. A delivery belongs
 * to no company until it is routed, hence no company_id on it.
 */
export class WebhookDeliveries1800000003000 implements MigrationInterface {
  name = 'WebhookDeliveries1800000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.webhook_deliveries (
        id bigserial PRIMARY KEY,
        source varchar(20) NOT NULL,
        object varchar(60),
        payload jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        -- parts of the payload that were skipped (unknown types, unknown accounts)
        issues integer NOT NULL DEFAULT 0,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        CONSTRAINT webhook_deliveries_status_chk CHECK (status IN ('pending','done','failed'))
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_due_idx ON ${s}.webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_done_idx ON ${s}.webhook_deliveries (processed_at) WHERE status = 'done'`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.webhook_message_keys (
        connection_id integer NOT NULL,
        external_id text NOT NULL,
        company_id integer NOT NULL,
        delivery_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, external_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_message_keys_company_idx ON ${s}.webhook_message_keys (company_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_message_keys_created_idx ON ${s}.webhook_message_keys (created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.webhook_message_keys`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.webhook_deliveries`);
  }
}
