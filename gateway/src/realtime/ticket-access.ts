import type { RequestContext } from '@sb/contracts';

/**
 * Decides whether a socket may join a ticket's room (joinChatBox). The room is always inside the caller's
 * company (`c:<cid>:ticket:<id>`), so another tenant's ticket can never leak; which tickets of the company a
 * user may watch (queues, allTicket, assignment: spec 1 §6) is the tickets service's rule. Until the tickets
 * issue provides a checker that asks it, the default allows every ticket id of the caller's company.
 */
export type TicketAccessChecker = (
  ctx: RequestContext,
  ticketId: number,
) => Promise<boolean> | boolean;

export const allowTicketsOfOwnCompany: TicketAccessChecker = () => true;
