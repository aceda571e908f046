import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf, tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * A company's first admin made by the super's company form (and the seeded super admin) never went out as
 * `identity.user.created`, so the replicas of tickets and reporting may not know them. Every existing user
 * is queued here once; identity publishes each on start (UserPublicationBackfill) and drops its row. The
 * replicas upsert users, so one they knew already is only refreshed with its current record.
 */
export class PendingUserEvents1800000160000 implements MigrationInterface {
  name = 'PendingUserEvents1800000160000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.pending_user_events (
        user_id integer PRIMARY KEY REFERENCES ${s}.users(id) ON DELETE CASCADE,
        company_id integer NOT NULL
      )`);
    await queryRunner.query(
      `INSERT INTO ${s}.pending_user_events (user_id, company_id) SELECT id, company_id FROM ${s}.users`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE ${s}.pending_user_events`);
  }
}

export const pendingUserEventTables = ['pending_user_events'] as const;

export const PendingUserEventsRowSecurity1800000160001 = tenantRowSecurityMigration(
  'PendingUserEventsRowSecurity1800000160001',
  'identity',
  pendingUserEventTables,
);
