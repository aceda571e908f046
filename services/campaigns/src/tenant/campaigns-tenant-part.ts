import { keepGoneReferences, type TenantPart } from '@sb/platform/tenant';

/** NOT NULL references that may outlive their row (a connection, user or contact deleted since). */
const notNullReferences: Record<string, string[]> = {
  campaign_connection_days: ['whatsapp_id'],
  campaign_shippings: ['whatsapp_id'],
  plantao: ['user_id'],
  schedules: ['user_id', 'contact_id'],
};

/**
 * Campaigns' part in tenant operations: every table it has is a company's, found by the catalogue;
 * its rows name the connections, users, contacts, tags and tickets of the other services.
 */
export const campaignsTenantPart: TenantPart = {
  shared: {
    fenced_companies: "a tenant operation's fence (identity's state), not the company's data",
  },
  references: {
    'campaign_connection_days.whatsapp_id': 'connectors.connections',
    'campaign_opt_outs.whatsapp_id': 'connectors.connections',
    'campaign_shippings.whatsapp_id': 'connectors.connections',
    // a campaign sent to the contacts of a tag
    'campaigns.tag_list_id': 'tickets.tags',
    'campaigns.whatsapp_ids': 'connectors.connections',
    'plantao.user_id': 'identity.users',
    'schedules.user_id': 'identity.users',
    'schedules.contact_id': 'tickets.contacts',
    'schedules.ticket_id': 'tickets.tickets',
    'schedules.sent_ticket_id': 'tickets.tickets',
  },
  storageKeys: ['campaigns.media_path'],
  importRow: (table, row, { source }) =>
    notNullReferences[table] ? keepGoneReferences(row, source, notNullReferences[table]) : row,
};
