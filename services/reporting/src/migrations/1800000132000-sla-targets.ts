import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  disableTenantRowSecurity,
  enableTenantRowSecurity,
  migrationSchemaOf,
} from '@sb/platform/db';

/** The SLA panel's first-response target per queue, set by the company's admins (issue 18). */
export class SlaTargets1800000132000 implements MigrationInterface {
  name = 'SlaTargets1800000132000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      CREATE TABLE ${s}.sla_target (
        company_id integer NOT NULL,
        queue_id integer NOT NULL,
        first_response_minutes integer NOT NULL CHECK (first_response_minutes > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, queue_id)
      )`);
    await enableTenantRowSecurity(queryRunner, 'reporting', ['sla_target']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await disableTenantRowSecurity(queryRunner, 'reporting', ['sla_target']);
    await queryRunner.query(`DROP TABLE ${s}.sla_target`);
  }
}
