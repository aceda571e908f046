import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf, tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * Tenant operations (ARCHITECTURE.md §9): one row per operation with the state of each service's step,
 * so any identity replica resumes one whose runner died. Invoices no longer go with their company:
 * they are kept for accounting after an erase.
 */
export class TenantOperations1800000180000 implements MigrationInterface {
  name = 'TenantOperations1800000180000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.tenant_operations (
        id uuid PRIMARY KEY,
        kind varchar(20) NOT NULL,
        company_id integer NOT NULL,
        company_name varchar(255) NOT NULL,
        reason varchar(20) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'running',
        steps jsonb NOT NULL,
        started_by integer NOT NULL,
        error text,
        -- the replica running it holds it until then; a later one takes over a lapsed claim
        claimed_until timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT tenant_operations_status_chk CHECK (status IN ('running', 'done', 'failed'))
      )`);
    await queryRunner.query(
      `CREATE INDEX tenant_operations_running_idx ON ${s}.tenant_operations (claimed_until) WHERE status = 'running'`,
    );
    await queryRunner.query(
      `CREATE INDEX tenant_operations_created_idx ON ${s}.tenant_operations (created_at DESC)`,
    );
    await queryRunner.query(
      `ALTER TABLE ${s}.invoices DROP CONSTRAINT IF EXISTS invoices_company_id_fkey`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE ${s}.tenant_operations`);
    await queryRunner.query(
      `ALTER TABLE ${s}.invoices ADD CONSTRAINT invoices_company_id_fkey FOREIGN KEY (company_id) REFERENCES ${s}.companies(id) ON DELETE CASCADE NOT VALID`,
    );
  }
}

export const tenantOperationTables = ['tenant_operations'] as const;

export const TenantOperationsRowSecurity1800000180001 = tenantRowSecurityMigration(
  'TenantOperationsRowSecurity1800000180001',
  'identity',
  tenantOperationTables,
);
