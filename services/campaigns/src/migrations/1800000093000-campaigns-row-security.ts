import { tenantRowSecurityMigration } from '@sb/platform/db';

/** The campaign tables, tenant data like the others. */
export const campaignTenantTables = ['campaigns', 'campaign_shippings', 'campaign_sends'] as const;

/** Row-level security on the campaign tables, keyed by the transaction's app.company_id. */
export const CampaignsRowSecurity1800000093000 = tenantRowSecurityMigration(
  'CampaignsRowSecurity1800000093000',
  'campaigns',
  campaignTenantTables,
);
