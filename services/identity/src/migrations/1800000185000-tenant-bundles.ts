import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Exports and imports are tenant operations too: where their bundle is, the bundle's own id and
 * company (an import), and the operator's key sealed with the installation's keys while the
 * operation runs (a replica that resumes it needs the key; it is wiped when the operation ends), and
 * whether a move's export keeps its company fenced once done.
 */
export class TenantBundles1800000185000 implements MigrationInterface {
  name = 'TenantBundles1800000185000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      ALTER TABLE ${s}.tenant_operations
        ALTER COLUMN reason DROP NOT NULL,
        ADD COLUMN bundle_key text,
        ADD COLUMN bundle_id uuid,
        ADD COLUMN source_company_id integer,
        ADD COLUMN company_name_wanted varchar(255),
        ADD COLUMN sealed_key text,
        ADD COLUMN hold_fence boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      ALTER TABLE ${s}.tenant_operations
        DROP COLUMN bundle_key, DROP COLUMN bundle_id, DROP COLUMN source_company_id,
        DROP COLUMN company_name_wanted, DROP COLUMN sealed_key, DROP COLUMN hold_fence`);
  }
}
