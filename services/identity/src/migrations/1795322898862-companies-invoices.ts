import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Invoices of a company (one per due-date advance) and the company's payment method. */
export class CompaniesInvoices1795322898862 implements MigrationInterface {
  name = 'CompaniesInvoices1795322898862';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`ALTER TABLE ${s}.companies ADD COLUMN payment_method varchar(40)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.invoices (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES ${s}.companies(id) ON DELETE CASCADE,
        detail varchar(255) NOT NULL,
        value numeric(10,2) NOT NULL,
        due_date timestamptz NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'open',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoices_status_chk CHECK (status IN ('open', 'paid', 'cancelled'))
      )`);
    // serves GET /invoices/all: a company's invoices, newest due date first
    await queryRunner.query(
      `CREATE INDEX invoices_company_due_idx ON ${s}.invoices (company_id, due_date DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.invoices`);
    await queryRunner.query(`ALTER TABLE ${s}.companies DROP COLUMN IF EXISTS payment_method`);
  }
}
