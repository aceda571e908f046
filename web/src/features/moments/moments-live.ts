import type { MomentTicket, MomentsQuery, TicketRecord, TicketSocketPayload } from '@sb/contracts';
import { dayIn, momentsRange } from './report-days.js';

/**
 * What the page asks GET /dashboard/moments (the wire names of spec 2 §7); a date left out is the
 * server's default (the last 30 days of the report zone).
 */
export type MomentsFilter = Partial<
  Pick<MomentsQuery, 'status' | 'userId' | 'queueIds' | 'dateStart' | 'dateEnd'>
>;

/** The report zone (the company's, as the server reads it) and the time of the check. */
export type MomentsClock = { timeZone: string; now: number };

/** The ticket of a socket event as a Tempo Real row; the profile is kept from a row that knew it. */
export const momentOf = (ticket: TicketRecord, known?: MomentTicket): MomentTicket => ({
  id: ticket.id,
  status: ticket.status,
  contactId: ticket.contactId,
  contact: { id: ticket.contactId, name: ticket.contact?.name ?? known?.contact.name ?? '' },
  isGroup: ticket.isGroup,
  queueId: ticket.queueId,
  queue: ticket.queue ? { ...ticket.queue } : null,
  userId: ticket.userId,
  user: ticket.user
    ? {
        id: ticket.user.id,
        name: ticket.user.name,
        profile: known?.user?.id === ticket.user.id ? known.user.profile : null,
      }
    : null,
  whatsappId: ticket.whatsappId,
  createdAt: ticket.createdAt,
  updatedAt: ticket.updatedAt,
});

/**
 * Whether a ticket belongs in the answer of `filter` (what the server would select, by one row): its
 * creation day and the range are days of the report zone, never of the browser.
 */
export function matchesMoments(
  ticket: MomentTicket,
  filter: MomentsFilter,
  viewer: { id: number; admin: boolean },
  clock: MomentsClock,
): boolean {
  if (filter.status && ticket.status !== filter.status) return false;
  if (!viewer.admin && ticket.userId !== viewer.id) return false;
  if (filter.userId !== undefined && ticket.userId !== filter.userId) return false;
  if (filter.queueIds?.length && !filter.queueIds.includes(ticket.queueId ?? -1)) return false;
  const created = dayIn(clock.timeZone, ticket.createdAt);
  const { from, to } = momentsRange(filter, clock.timeZone, clock.now);
  return from <= created && created <= to;
}

const sameThread = (a: MomentTicket, b: MomentTicket) =>
  a.contactId === b.contactId && a.queueId === b.queueId && a.whatsappId === b.whatsappId;

/**
 * Patches a cached moments answer with one `company-<id>-ticket` event, in place (an immer draft): a
 * ticket that now matches the filter is replaced or added first, one that no longer matches leaves, a
 * deleted one leaves. With a status filter the server keeps the newest ticket per (contact, queue,
 * connection), so an older one of the same thread leaves too.
 */
export function patchMoments(
  rows: MomentTicket[],
  payload: TicketSocketPayload,
  filter: MomentsFilter,
  viewer: { id: number; admin: boolean },
  clock: MomentsClock,
): void {
  if (payload.action === 'updateUnread') return;
  const id = payload.action === 'delete' ? payload.ticketId : payload.ticket.id;
  const at = rows.findIndex((row) => row.id === id);
  const known = at >= 0 ? rows[at] : undefined;
  if (at >= 0) rows.splice(at, 1);
  if (payload.action === 'delete') return;
  const row = momentOf(
    payload.ticket,
    known ?? rows.find((r) => r.userId === payload.ticket.userId),
  );
  if (!matchesMoments(row, filter, viewer, clock)) return;
  if (filter.status) {
    const older = rows.findIndex((other) => sameThread(other, row));
    if (older >= 0) {
      if (rows[older]!.createdAt > row.createdAt) return;
      rows.splice(older, 1);
    }
  }
  rows.unshift(row);
}
