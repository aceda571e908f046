import type { ChannelKind, TicketStatus } from '@sb/contracts';

/**
 * Pure rules of the external messages API (spec 3 §2.18, BEHAVIOUR.md §9): which channels take a phone
 * number, the day a call is counted on, what a call changes on the contact's ticket, the signature.
 */

/** The channels whose peers are phone numbers; Messenger and Instagram ids are page-scoped, not numbers. */
export const NumberChannels: readonly ChannelKind[] = ['whatsapp', 'whatsappapi'];
export const takesPhoneNumbers = (channel: ChannelKind): boolean =>
  NumberChannels.includes(channel);

/** The day a call is counted on: the UTC calendar day, `YYYY-MM-DD`. */
export const usageDay = (now: Date): string => now.toISOString().slice(0, 10);

/** A new ticket: open and held by the user the call names, else waiting in the queue (pending). */
export const newTicketStatus = (userId: number | undefined): TicketStatus =>
  userId ? 'open' : 'pending';

type TicketState = { status: TicketStatus; userId: number | null; queueId: number | null };
export type TicketAdjustment = { status?: TicketStatus; userId?: number; queueId?: number };

/**
 * What a call does to the contact's active ticket: a waiting ticket nobody holds is taken by the user the
 * call names (open); a ticket without a queue gets the queue. A ticket an agent already holds, or already
 * queued, is never taken away from them by an API call. Null when nothing changes.
 */
export const adjustActiveTicket = (
  ticket: TicketState,
  wanted: { userId?: number | undefined; queueId?: number | undefined },
): TicketAdjustment | null => {
  const change: TicketAdjustment = {};
  if (wanted.userId && ticket.status === 'pending' && ticket.userId === null) {
    change.status = 'open';
    change.userId = wanted.userId;
  }
  if (wanted.queueId && ticket.queueId === null) change.queueId = wanted.queueId;
  return Object.keys(change).length > 0 ? change : null;
};

/** Who signs a text sent with sendSignature: the user the call names, else the connection. */
export const signatureName = (userName: string | null, connectionName: string | null): string =>
  userName?.trim() || connectionName?.trim() || '';

/** A call must carry something to send: a text or at least one file. */
export const hasContent = (body: string, mediaCount: number): boolean =>
  mediaCount > 0 || body.trim().length > 0;
