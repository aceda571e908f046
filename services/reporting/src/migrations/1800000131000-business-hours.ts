import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  disableTenantRowSecurity,
  enableTenantRowSecurity,
  migrationSchemaOf,
} from '@sb/platform/db';

/**
 * Business hours (issue 18), as identity and tickets announce them:
 * - company_hours: the company's weekly hours (company events) and its schedule type (settings
 *   events), each with the time of the announcement it holds (a late older one is ignored);
 * - queue_hours: each queue's name and weekly hours (queue events); a deleted queue stays as a
 *   tombstone.
 */
export class BusinessHours1800000131000 implements MigrationInterface {
  name = 'BusinessHours1800000131000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      CREATE TABLE ${s}.company_hours (
        company_id integer PRIMARY KEY,
        schedules jsonb NOT NULL DEFAULT '[]',
        schedules_at timestamptz,
        schedule_type varchar(16) NOT NULL DEFAULT 'disabled',
        schedule_type_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.queue_hours (
        company_id integer NOT NULL,
        queue_id integer NOT NULL,
        name text NOT NULL DEFAULT '',
        schedules jsonb NOT NULL DEFAULT '[]',
        deleted boolean NOT NULL DEFAULT false,
        version_at timestamptz NOT NULL,
        PRIMARY KEY (company_id, queue_id)
      )`);
    await enableTenantRowSecurity(queryRunner, 'reporting', ['company_hours', 'queue_hours']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await disableTenantRowSecurity(queryRunner, 'reporting', ['company_hours', 'queue_hours']);
    await queryRunner.query(`DROP TABLE ${s}.queue_hours`);
    await queryRunner.query(`DROP TABLE ${s}.company_hours`);
  }
}
