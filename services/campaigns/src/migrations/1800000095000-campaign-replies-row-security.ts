import { tenantRowSecurityMigration } from '@sb/platform/db';

/** The opt-out table, tenant data like the other campaign tables. */
export const campaignReplyTenantTables = ['campaign_opt_outs'] as const;

/** Row-level security on the opt-out table, keyed by the transaction's app.company_id. */
export const CampaignRepliesRowSecurity1800000095000 = tenantRowSecurityMigration(
  'CampaignRepliesRowSecurity1800000095000',
  'campaigns',
  campaignReplyTenantTables,
);
