import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf, tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * Campaign sends per connection and day (the company's day), for the connections' daily caps and the
 * warm-up of a new number, which counts its days from its first row here (issue 17).
 */
export class ConnectionDays1800000100000 implements MigrationInterface {
  name = 'ConnectionDays1800000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.campaign_connection_days (
        company_id integer NOT NULL,
        whatsapp_id integer NOT NULL,
        day date NOT NULL,
        sent integer NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, whatsapp_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaign_connection_days`);
  }
}

export const connectionDayTenantTables = ['campaign_connection_days'] as const;

export const ConnectionDaysRowSecurity1800000100001 = tenantRowSecurityMigration(
  'ConnectionDaysRowSecurity1800000100001',
  'campaigns',
  connectionDayTenantTables,
);
