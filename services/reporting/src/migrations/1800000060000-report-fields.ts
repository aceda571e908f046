import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * What the reports show and filter that the per-ticket facts lacked: the connection's name and the
 * ticket's tags ([{id, name}], from the ticket events). Facts projected before keep '[]' and null
 * until their ticket's next event (or a rebuild).
 */
export class ReportFields1800000060000 implements MigrationInterface {
  name = 'ReportFields1800000060000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      ALTER TABLE ${s}.ticket_fact
        ADD COLUMN whatsapp_name text,
        ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(
      `ALTER TABLE ${s}.ticket_fact DROP COLUMN tags, DROP COLUMN whatsapp_name`,
    );
  }
}
