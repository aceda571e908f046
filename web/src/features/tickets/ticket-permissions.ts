import { hasPermission, type SessionUser, type TicketStatus } from '@sb/contracts';

export type TicketAction = 'accept' | 'transfer' | 'ignore' | 'close' | 'reopen' | 'return';

/** Row action buttons by status (spec 1 §2 Ticket workspace). */
export const actionsForStatus = (status: TicketStatus): TicketAction[] => {
  if (status === 'pending') return ['accept', 'transfer', 'ignore', 'return'];
  if (status === 'open') return ['transfer', 'close', 'return'];
  if (status === 'group') return ['transfer', 'close'];
  if (status === 'closed') return ['reopen'];
  return [];
};

/** Whether the composer accepts input: only open and group tickets (spec 1 §5). */
export const canCompose = (status: TicketStatus): boolean =>
  status === 'open' || status === 'group';

export type SpeedDialAction = 'newTicket' | 'closeAll';

/** The list's speed dial: new ticket for everyone, close all with tickets-manager:closeAll. */
export const speedDialActions = (user: { profile: SessionUser['profile'] }): SpeedDialAction[] =>
  hasPermission(user, 'tickets-manager:closeAll') ? ['newTicket', 'closeAll'] : ['newTicket'];

/**
 * What the accept/reopen queue choice offers (spec 1 §4, without dead ends): `pick` from the caller's
 * queues (every queue of the company for an admin), `none` when the company has no queue yet (the
 * ticket is accepted without one), `notMember` when a user is in no queue of a company that has some.
 * `companyQueues` is undefined until the company's list has loaded.
 */
export type QueueChoice =
  | { kind: 'pick'; options: { id: number; name: string }[] }
  | { kind: 'none' }
  | { kind: 'notMember' };

export const queueChoice = (
  admin: boolean,
  myQueues: { id: number; name: string }[],
  companyQueues: { id: number; name: string }[] | undefined,
): QueueChoice => {
  if (companyQueues && companyQueues.length === 0) return { kind: 'none' };
  const options = admin && companyQueues ? companyQueues : myQueues;
  if (options.length) return { kind: 'pick', options };
  // still loading: an admin will get the company's list, a user may learn the company has none
  if (!companyQueues) return { kind: 'pick', options: [] };
  return { kind: 'notMember' };
};
