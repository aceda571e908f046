import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * `bot_stopped_at`: when an external bot handed a ticket to people (its flow ended, it asked for a
 * person, or it failed). The connection's own bot then stays out of that ticket until it closes.
 */
export class BotStoppedAt1800000012500 implements MigrationInterface {
  name = 'BotStoppedAt1800000012500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`ALTER TABLE ${s}.tickets ADD COLUMN bot_stopped_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`ALTER TABLE ${s}.tickets DROP COLUMN bot_stopped_at`);
  }
}
