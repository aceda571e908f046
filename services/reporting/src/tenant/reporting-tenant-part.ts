import { keepGoneReferences, type TenantPart } from '@sb/platform/tenant';
import type { TenantTableRef } from '@sb/contracts';

/**
 * Keys of the projections: NOT NULL, and their rows outlive what they count (a deleted ticket's fact,
 * a removed user's directory entry); 0 in the daily rollup means "none".
 */
const notNullReferences: Record<string, string[]> = {
  daily_rollup: ['queue_id', 'user_id', 'whatsapp_id'],
  queue_hours: ['queue_id'],
  sla_target: ['queue_id'],
  ticket_fact: ['ticket_id', 'contact_id'],
  ticket_message_mark: ['ticket_id'],
  user_directory: ['user_id'],
};

/** The tag ids of a fact's tags (`[{ id, name }]`), mapped; a tag gone since keeps its name only. */
type FactTag = { id?: number | null; name?: string };

/** Reporting's part in tenant operations: its projections of the company go with it. */
export const reportingTenantPart: TenantPart = {
  shared: { projection_state: 'which generation of consumers feeds the projections; one row' },
  references: {
    'daily_rollup.queue_id': 'tickets.queues',
    'daily_rollup.user_id': 'identity.users',
    'daily_rollup.whatsapp_id': 'connectors.connections',
    'queue_hours.queue_id': 'tickets.queues',
    'sla_target.queue_id': 'tickets.queues',
    'ticket_fact.ticket_id': 'tickets.tickets',
    'ticket_fact.contact_id': 'tickets.contacts',
    'ticket_fact.queue_id': 'tickets.queues',
    'ticket_fact.user_id': 'identity.users',
    'ticket_fact.whatsapp_id': 'connectors.connections',
    'ticket_fact.accepted_by': 'identity.users',
    'ticket_fact.first_response_by': 'identity.users',
    'ticket_fact.closed_by': 'identity.users',
    'ticket_message_mark.ticket_id': 'tickets.tickets',
    'user_directory.user_id': 'identity.users',
  },
  importRow: (table, row, { source, maps }) => {
    const columns = notNullReferences[table];
    const kept = columns ? keepGoneReferences(row, source, columns) : row;
    if (table !== 'ticket_fact' || !Array.isArray(row.tags)) return kept;
    const tags: TenantTableRef = 'tickets.tags';
    return {
      ...kept,
      tags: (row.tags as FactTag[]).map((tag) => ({
        ...tag,
        id: typeof tag.id === 'number' ? (maps.get(tags)?.get(tag.id) ?? null) : null,
      })),
    };
  },
};
