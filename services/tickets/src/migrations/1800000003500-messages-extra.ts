import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Why an outbound message did not reach its channel (the catalogue code, e.g. ERR_WAPP_NOT_INITIALIZED),
 * null once it was accepted. The message itself is always kept (ack 0).
 */
export class MessagesExtra1800000003500 implements MigrationInterface {
  name = 'MessagesExtra1800000003500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`ALTER TABLE ${s}.messages ADD COLUMN send_error varchar(60)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`ALTER TABLE ${s}.messages DROP COLUMN IF EXISTS send_error`);
  }
}
