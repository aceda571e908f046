import type { MigrationInterface, QueryRunner } from 'typeorm';
import { disableTenantRowSecurity, enableTenantRowSecurity } from '@sb/platform/db';

/** The contact-list and campaign-settings tables, tenant data like the others. */
export const contactListTenantTables = [
  'contact_lists',
  'contact_list_items',
  'campaign_settings',
] as const;

/** Row-level security on the contact-list tables, keyed by the transaction's app.company_id. */
export class ContactListsRowSecurity1800000091000 implements MigrationInterface {
  name = 'ContactListsRowSecurity1800000091000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await enableTenantRowSecurity(queryRunner, 'campaigns', contactListTenantTables);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await disableTenantRowSecurity(queryRunner, 'campaigns', contactListTenantTables);
  }
}
