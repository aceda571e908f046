import { Subjects, type RequestContext, type TicketAccessRequest } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';

/**
 * Decides whether a socket may join a ticket's room (joinChatBox). The room is always inside the caller's
 * company (`c:<cid>:ticket:<id>`), so another tenant's ticket can never leak; which tickets of the company a
 * user may watch (queues, allTicket, allowGroup, assignment: spec 1 §6) is the tickets service's rule.
 */
export type TicketAccessChecker = (
  ctx: RequestContext,
  ticketId: number,
) => Promise<boolean> | boolean;

/** Allows every ticket id of the caller's company (tests that run without the tickets service). */
export const allowTicketsOfOwnCompany: TicketAccessChecker = () => true;

const AccessTimeoutMs = 5_000;

/**
 * The default checker: asks `tickets.ticket.can-access`. A tickets service that does not answer means no
 * (the socket gets ERR_NO_PERMISSION and may retry), never a room it may not see.
 */
export const askTicketsService =
  (bus: Bus): TicketAccessChecker =>
  async (ctx, ticketId) => {
    const data: TicketAccessRequest = { ticketId };
    try {
      const reply = await bus.request(
        Subjects.tickets.ticketCanAccess,
        { ctx, data },
        { timeoutMs: AccessTimeoutMs },
      );
      return reply.allowed === true;
    } catch {
      return false;
    }
  };
