import type { ReportKind, TicketReportRow, TicketStatus } from '@sb/contracts';
import { minutesBetween, type TicketFact } from '../projection/ticket-fact-rules.js';

/** Which facts a report kind lists (on top of the filters): groups only, rated only, or all. */
export const reportScope = (kind: ReportKind): { groupsOnly: boolean; ratedOnly: boolean } => ({
  groupsOnly: kind === 'groups',
  ratedOnly: kind === 'nps',
});

/**
 * One report row of a ticket's facts. Durations in whole minutes, each only once both ends happened:
 * wait = created → accepted, first response = created → first answer, support = accepted → closed
 * (never to now), total = created → closed. A ticket that is not closed has no close.
 */
export function reportRowOf(fact: TicketFact, userName: string | null): TicketReportRow {
  const closedAt = fact.status === 'closed' ? fact.closedAt : null;
  return {
    id: fact.ticketId,
    contactName: fact.contactName,
    isGroup: fact.isGroup,
    status: fact.status as TicketStatus,
    queueName: fact.queueName,
    userName: fact.userId === null ? null : userName,
    connectionName: fact.whatsappName,
    tags: fact.tags.map((tag) => tag.name),
    createdAt: fact.createdAt,
    acceptedAt: fact.acceptedAt,
    firstResponseAt: fact.firstResponseAt,
    closedAt,
    waitMinutes: minutesBetween(fact.createdAt, fact.acceptedAt),
    firstResponseMinutes: minutesBetween(fact.createdAt, fact.firstResponseAt),
    supportMinutes: minutesBetween(fact.acceptedAt, closedAt),
    totalMinutes: minutesBetween(fact.createdAt, closedAt),
    rate: fact.rate,
    ratedAt: fact.ratedAt,
  };
}
