/** Ticket statuses (spec 1 §4, BEHAVIOUR.md §2): group is an open WhatsApp group ticket, nps awaits a rating. */
export const TicketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TicketStatuses)[number];

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === 'string' && (TicketStatuses as readonly string[]).includes(value);

/** Ticket log entry types (BEHAVIOUR.md §2 LogTickets; spelling `transfered` is the stored value). */
export const TicketLogTypes = [
  'create',
  'lgpd',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'nps',
  'autoClose',
] as const;
export type TicketLogType = (typeof TicketLogTypes)[number];
