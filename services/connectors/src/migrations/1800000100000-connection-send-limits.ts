import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Campaigns' send window, daily cap and warm-up per connection (issue 17), off on every connection. */
export class ConnectionSendLimits1800000100000 implements MigrationInterface {
  name = 'ConnectionSendLimits1800000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      ALTER TABLE ${s}.connections ADD COLUMN send_limits jsonb NOT NULL
        DEFAULT '{"days":[],"periods":[],"dailyCap":null,"warmUpDays":null}'
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`ALTER TABLE ${s}.connections DROP COLUMN send_limits`);
  }
}
