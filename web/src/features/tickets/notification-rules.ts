import type { AppMessageSocketPayload, TicketRecord, TicketSocketPayload } from '@sb/contracts';

/**
 * Whether a ticket update should ring (spec 1 §4 Notifications): unassigned or mine, its queue one of
 * mine or none; pending ones only for users with allTicket enabled.
 */
export const shouldNotify = (
  ticket: TicketRecord,
  user: { id: number; allTicket: 'enable' | 'disable'; queues: { id: number }[] },
): boolean => {
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  if (ticket.queueId !== null && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (ticket.status === 'pending' && user.allTicket !== 'enable') return false;
  return true;
};

/**
 * The bell's list of tickets with unread messages after a socket event (spec 1 §2 bell, §4
 * Notifications): a contact's new message on a ticket I may be told about puts it on top and asks for
 * the alert (`ring`), a read or deleted ticket leaves.
 */
export const applyNotification = (
  tickets: TicketRecord[],
  event:
    | { kind: 'ticket'; payload: TicketSocketPayload }
    | { kind: 'message'; payload: AppMessageSocketPayload },
  user: Parameters<typeof shouldNotify>[1],
): { tickets: TicketRecord[]; ring: TicketRecord | null } => {
  if (event.kind === 'ticket') {
    const { payload } = event;
    if (payload.action === 'update') {
      const known = tickets.some((t) => t.id === payload.ticket.id);
      if (!known) return { tickets, ring: null };
      const keep = payload.ticket.unreadMessages > 0 && shouldNotify(payload.ticket, user);
      return {
        tickets: keep
          ? tickets.map((t) => (t.id === payload.ticket.id ? payload.ticket : t))
          : tickets.filter((t) => t.id !== payload.ticket.id),
        ring: null,
      };
    }
    return { tickets: tickets.filter((t) => t.id !== payload.ticketId), ring: null };
  }
  const { payload } = event;
  if (payload.action !== 'create' || payload.message.fromMe || payload.message.isPrivate)
    return { tickets, ring: null };
  if (!shouldNotify(payload.ticket, user)) return { tickets, ring: null };
  return {
    tickets: [payload.ticket, ...tickets.filter((t) => t.id !== payload.ticket.id)],
    ring: payload.ticket,
  };
};
