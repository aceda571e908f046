import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Fencing (ARCHITECTURE.md §9): the companies a tenant operation fenced, fed by identity's events;
 * the campaign dispatcher and the schedule sender claim none of their rows meanwhile. The company
 * is the row's `id`, not a `company_id`: the fence is the operation's state, not the company's data,
 * and an export must not carry it.
 */
export class CompanyFences1800000190000 implements MigrationInterface {
  name = 'CompanyFences1800000190000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.fenced_companies (
        id integer PRIMARY KEY,
        operation_id uuid NOT NULL,
        fenced_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE ${s}.fenced_companies`);
  }
}
