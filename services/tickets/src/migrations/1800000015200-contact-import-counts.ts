import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** The contact import tells how many rows made a contact and how many updated one (issue: import). */
export class ContactImportCounts1800000015200 implements MigrationInterface {
  name = 'ContactImportCounts1800000015200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `ALTER TABLE ${s}.contact_import_jobs
         ADD COLUMN created integer NOT NULL DEFAULT 0,
         ADD COLUMN updated integer NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `ALTER TABLE ${s}.contact_import_jobs DROP COLUMN created, DROP COLUMN updated`,
    );
  }
}
