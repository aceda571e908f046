import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  disableTenantRowSecurity,
  enableTenantRowSecurity,
  migrationSchemaOf,
} from '@sb/platform/db';

/**
 * company_zone: each company's own time zone as identity announces it (its reports' calendar days);
 * a company without a row is read in the report zone.
 */
export class CompanyZone1800000050000 implements MigrationInterface {
  name = 'CompanyZone1800000050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      CREATE TABLE ${s}.company_zone (
        company_id integer PRIMARY KEY,
        time_zone varchar(64) NOT NULL,
        version_at timestamptz NOT NULL
      )`);
    await enableTenantRowSecurity(queryRunner, 'reporting', ['company_zone']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await disableTenantRowSecurity(queryRunner, 'reporting', ['company_zone']);
    await queryRunner.query(`DROP TABLE ${s}.company_zone`);
  }
}
