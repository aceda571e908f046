import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The idempotency keys of outbound sends (`connectors.message.send` with `idempotencyKey`), one per
 * company and key: claimed before the channel is called, holding the channel's answer once it came.
 * A row without `sent_at` is an attempt in flight until `claimed_until`; after that its outcome is
 * unknown (see idempotent-sends.ts).
 */
export class MessageSendKeys1800000120000 implements MigrationInterface {
  name = 'MessageSendKeys1800000120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.message_send_keys (
        company_id integer NOT NULL,
        idempotency_key varchar(200) NOT NULL,
        connection_id integer NOT NULL,
        peer varchar(100) NOT NULL,
        claim uuid,
        claimed_until timestamptz,
        external_id text,
        ack smallint,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, idempotency_key)
      )`);
    // the hourly prune of old keys
    await queryRunner.query(
      `CREATE INDEX message_send_keys_created_idx ON ${s}.message_send_keys (created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.message_send_keys`);
  }
}
