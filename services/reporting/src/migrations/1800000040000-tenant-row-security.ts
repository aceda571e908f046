import type { MigrationInterface, QueryRunner } from 'typeorm';
import { disableTenantRowSecurity, enableTenantRowSecurity } from '@sb/platform/db';

/**
 * reporting's tenant tables: every table with a company_id (the outbox too). The projection consumers
 * write as the service user, which row security does not restrict, so they keep writing every company's
 * rows. Not tenant: projection_state and processed_event (the consumers' bookkeeping).
 */
export const reportingTenantTables = [
  'ticket_fact',
  'daily_rollup',
  'message_daily',
  'user_directory',
  'outbox_event',
] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export class TenantRowSecurity1800000040000 implements MigrationInterface {
  name = 'TenantRowSecurity1800000040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await enableTenantRowSecurity(queryRunner, 'reporting', reportingTenantTables);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await disableTenantRowSecurity(queryRunner, 'reporting', reportingTenantTables);
  }
}
