import type { AppMessageSocketPayload, TicketRecord } from '@sb/contracts';

type NotifiedUser = { id: number; allTicket: 'enable' | 'disable'; queues: { id: number }[] };

/**
 * Whether a ticket may alert the user (spec 1 §4 Notifications): unassigned or mine, its queue one of
 * mine or none; pending ones only for users with allTicket enabled.
 */
export const shouldNotify = (ticket: TicketRecord, user: NotifiedUser): boolean => {
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  if (ticket.queueId !== null && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (ticket.status === 'pending' && user.allTicket !== 'enable') return false;
  return true;
};

/**
 * The ticket a socket message event should ring for (sound and desktop notification), or null: only a
 * contact's new, non-private message on a ticket the user may be told about, that left the ticket
 * unread (a history import's old messages leave it read, and must not ring once each).
 */
export const ticketToRing = (
  payload: AppMessageSocketPayload,
  user: NotifiedUser,
): TicketRecord | null => {
  if (payload.action !== 'create' || payload.message.fromMe || payload.message.isPrivate)
    return null;
  if (payload.ticket.unreadMessages === 0) return null;
  return shouldNotify(payload.ticket, user) ? payload.ticket : null;
};

/**
 * The bell's list (spec 1 §2): the tickets of the unread list (GET /tickets withUnreadMessages, kept
 * current by the socket) that still have unread messages, newest first as the list keeps them.
 */
export const unreadTickets = (tickets: readonly TicketRecord[] | undefined): TicketRecord[] =>
  (tickets ?? []).filter((ticket) => ticket.unreadMessages > 0);
