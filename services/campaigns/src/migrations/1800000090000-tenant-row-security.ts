import type { MigrationInterface, QueryRunner } from 'typeorm';
import { disableTenantRowSecurity, enableTenantRowSecurity } from '@sb/platform/db';

/**
 * campaigns's tenant tables: every table with a company_id (the outbox too: a tenant transaction may only
 * write its own company's events; the relay reads as the service user). Not tenant: processed_event is the consumers' bookkeeping.
 */
export const campaignsTenantTables = ['schedules', 'plantao', 'outbox_event'] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export class TenantRowSecurity1800000090000 implements MigrationInterface {
  name = 'TenantRowSecurity1800000090000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await enableTenantRowSecurity(queryRunner, 'campaigns', campaignsTenantTables);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await disableTenantRowSecurity(queryRunner, 'campaigns', campaignsTenantTables);
  }
}
