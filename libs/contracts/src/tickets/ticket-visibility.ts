import type { TicketStatus } from './ticket-statuses.js';

/**
 * Who may see which ticket: one rule for the tickets service (GET, messages, joinChatBox, lists) and the
 * gateway (which ticket and message events a socket hears).
 */

/** What the ticket rules need to know about the caller (their profile, queues and flags). */
export type TicketViewer = {
  userId: number;
  /** admin profile or super: sees every ticket of the company */
  admin: boolean;
  /** allTicket = enable: also sees pending tickets that have no queue */
  allTicket: boolean;
  /** allowGroup: sees group tickets */
  allowGroup: boolean;
  queueIds: number[];
};

/** What the rules need to know about a ticket (a TicketRecord has them all). */
export type TicketFacts = {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
};

/**
 * May the viewer open this ticket (GET by id/uuid, messages, joinChatBox, its socket events)? Admins see
 * every ticket; a user sees their own tickets, group tickets when allowGroup is set, tickets of their
 * queues, and tickets with no queue when allTicket is enabled (spec 1 §4 Notifications, §6).
 */
export const canSeeTicket = (viewer: TicketViewer, ticket: TicketFacts): boolean => {
  if (viewer.admin) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.isGroup || ticket.status === 'group') return viewer.allowGroup;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
};
