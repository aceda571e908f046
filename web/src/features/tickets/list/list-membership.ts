import type {
  SessionUser,
  TicketListQuery,
  TicketRecord,
  TicketSocketPayload,
} from '@sb/contracts';

/** The filter of one ticket list: the GET /tickets query without its page. */
export type TicketListFilter = Partial<Omit<TicketListQuery, 'pageNumber'>>;

/**
 * Whether an updated ticket belongs in a list (spec 1 §4 Real-time, like the reference's list hook):
 * the tab's status, a queue of the choice or none, and on the open tab only mine unless show-all.
 */
export const fitsList = (
  ticket: TicketRecord,
  filter: TicketListFilter,
  viewerId?: number,
): boolean => {
  if (filter.status && ticket.status !== filter.status) return false;
  if (filter.withUnreadMessages && ticket.unreadMessages === 0) return false;
  if (
    filter.queueIds?.length &&
    ticket.queueId !== null &&
    !filter.queueIds.includes(ticket.queueId)
  )
    return false;
  if (
    filter.status === 'open' &&
    !filter.showAll &&
    viewerId !== undefined &&
    ticket.userId !== null &&
    ticket.userId !== viewerId
  )
    return false;
  return true;
};

/**
 * Applies a `company-<id>-ticket` payload to the rows of one list: an updated ticket with unread
 * messages (or new to a status tab) moves to the top, a ticket that no longer fits is removed,
 * `updateUnread` resets the count, `delete` removes the row. A list without a status (search) only
 * refreshes the rows it has.
 */
export const applyTicketPayload = (
  tickets: TicketRecord[],
  payload: TicketSocketPayload,
  filter: TicketListFilter,
  viewerId?: number,
): TicketRecord[] => {
  if (payload.action === 'delete') return tickets.filter((t) => t.id !== payload.ticketId);
  if (payload.action === 'updateUnread') {
    return tickets.map((t) => (t.id === payload.ticketId ? { ...t, unreadMessages: 0 } : t));
  }
  const { ticket } = payload;
  const rest = tickets.filter((t) => t.id !== ticket.id);
  if (!fitsList(ticket, filter, viewerId)) return rest;
  const known = tickets.findIndex((t) => t.id === ticket.id);
  if (known === -1 && !filter.status) return tickets;
  if (ticket.unreadMessages > 0 || known === -1) return [ticket, ...rest];
  const copy = [...tickets];
  copy[known] = ticket;
  return copy;
};

/** The caller as GET /tickets filters for them (the tickets service's viewer rules). */
export type ListViewer = {
  id: number;
  /** admin profile or super: sees every queue, and show-all works */
  admin: boolean;
  allTicket: boolean;
  allowGroup: boolean;
  queueIds: number[];
};

export const listViewerOf = (user: SessionUser): ListViewer => ({
  id: user.id,
  admin: user.profile === 'admin' || user.super,
  allTicket: user.allTicket === 'enable',
  allowGroup: user.allowGroup,
  queueIds: user.queues.map((q) => q.id),
});

/** The queues a list covers: the choice (an agent's cut to their own), else all (admins) or theirs. */
const coveredQueues = (viewer: ListViewer, chosen: number[] | undefined): number[] | null => {
  if (viewer.admin) return chosen?.length ? chosen : null;
  if (!chosen?.length) return viewer.queueIds;
  return chosen.filter((id) => viewer.queueIds.includes(id));
};

/** Whether the server would list the ticket to this viewer at all (queues, groups, mine or pending). */
const visibleTo = (ticket: TicketRecord, filter: TicketListFilter, viewer: ListViewer): boolean => {
  const mine = ticket.userId === viewer.id;
  const groupAllowed = viewer.admin || viewer.allowGroup;
  const queues = coveredQueues(viewer, filter.queueIds);
  const seen =
    ticket.status === 'group' || ticket.isGroup
      ? groupAllowed || mine
      : ticket.queueId === null
        ? viewer.admin || viewer.allTicket || mine
        : queues === null || queues.includes(ticket.queueId);
  if (!seen) return false;
  if (viewer.admin && filter.showAll) return true;
  // an unassigned ticket counts as one the viewer may take, as fitsList has it
  const mineOrFree = mine || ticket.userId === null;
  return mineOrFree || ticket.status === 'pending' || (ticket.status === 'group' && groupAllowed);
};

/** Filters a ticket record cannot settle: text (messages too), days (the database's calendar), tags (the contact's too). */
const unsettled = (ticket: TicketRecord, filter: TicketListFilter): boolean =>
  Boolean(filter.searchParam || filter.date || filter.updatedAt) ||
  Boolean(filter.tags?.some((id) => !ticket.tags.some((tag) => tag.id === id)));

export type Membership = 'in' | 'out' | 'unknown';

/** Whether the ticket, as its record says, is in the list the filter asks for (the server's rules). */
export const listMembership = (
  ticket: TicketRecord,
  filter: TicketListFilter,
  viewer?: ListViewer,
): Membership => {
  if (!fitsList(ticket, filter, viewer?.id)) return 'out';
  if (filter.statusFilter?.length && !filter.statusFilter.includes(ticket.status)) return 'out';
  if (
    filter.whatsapps?.length &&
    (ticket.whatsappId === null || !filter.whatsapps.includes(ticket.whatsappId))
  )
    return 'out';
  // the users filter counts for admins only (spec 1 §6)
  const users = viewer?.admin ? [...(filter.users ?? []), ...(filter.userFilter ?? [])] : [];
  if (users.length && (ticket.userId === null || !users.includes(ticket.userId))) return 'out';
  if (viewer && !visibleTo(ticket, filter, viewer)) return 'out';
  // without a viewer the server's visibility rules cannot be told
  return viewer && !unsettled(ticket, filter) ? 'in' : 'unknown';
};

/** The closed tab and lists without a status show only the newest ticket per contact and connection. */
const newestPerContact = (filter: TicketListFilter) => !filter.status || filter.status === 'closed';

/** A list after a ticket event: its patched rows, and whether only a new request can tell. */
export type ListUpdate = { tickets: TicketRecord[]; refetch: boolean };

/**
 * What one cached list does with a ticket event. A ticket that stays is patched (unread ones move to
 * the top), one that leaves is removed, one that enters is put on top from its record (in the lists
 * that keep one ticket per contact and connection, in place of that contact's older one). Only an
 * entering ticket the record cannot place (a text search, a day, a contact tag, no viewer) asks for a
 * `refetch` of this list. `entering: false` (an acknowledgement, an edit) patches the known rows only.
 */
export const planListUpdate = (
  tickets: TicketRecord[],
  payload: TicketSocketPayload,
  filter: TicketListFilter,
  viewer?: ListViewer,
  entering = true,
): ListUpdate => {
  if (payload.action !== 'update')
    return { tickets: applyTicketPayload(tickets, payload, filter, viewer?.id), refetch: false };
  const { ticket } = payload;
  const known = tickets.some((t) => t.id === ticket.id);
  const membership = listMembership(ticket, filter, viewer);
  if (membership === 'out')
    return { tickets: known ? tickets.filter((t) => t.id !== ticket.id) : tickets, refetch: false };
  if (known) {
    const copy = tickets.filter((t) => t.id !== ticket.id);
    const index = tickets.findIndex((t) => t.id === ticket.id);
    if (ticket.unreadMessages > 0) return { tickets: [ticket, ...copy], refetch: false };
    copy.splice(index, 0, ticket);
    return { tickets: copy, refetch: false };
  }
  if (!entering) return { tickets, refetch: false };
  if (membership === 'unknown') return { tickets, refetch: true };
  const rest = newestPerContact(filter)
    ? tickets.filter((t) => t.contactId !== ticket.contactId || t.whatsappId !== ticket.whatsappId)
    : tickets;
  return { tickets: [ticket, ...rest], refetch: false };
};
