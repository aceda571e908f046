import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Fencing (ARCHITECTURE.md §9): the tenant operation holding a company's fence, and since when. Null
 * when the company is not fenced; a partial index keeps the list of fenced companies cheap.
 */
export class CompanyFences1800000190000 implements MigrationInterface {
  name = 'CompanyFences1800000190000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(
      `ALTER TABLE ${s}.companies ADD COLUMN fenced_by uuid NULL, ADD COLUMN fenced_at timestamptz NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX companies_fenced_idx ON ${s}.companies (id) WHERE fenced_by IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP INDEX ${s}.companies_fenced_idx`);
    await queryRunner.query(
      `ALTER TABLE ${s}.companies DROP COLUMN fenced_by, DROP COLUMN fenced_at`,
    );
  }
}
