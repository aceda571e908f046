import type { ConnectionRecord } from '@sb/contracts';
import type { InactivityPlan, TimerKind } from './automation-jobs.js';

export type InactivityKnobs = Pick<
  ConnectionRecord,
  'whenExpiresTicket' | 'expiresTicket' | 'timeInactiveMessage' | 'inactiveMessage'
>;

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

/**
 * whenExpiresTicket names whose silence closes a ticket ("0" the contact's, "1" the agent's): a message
 * of that side (re)starts the inactivity message and auto-close timers; a message of the other side
 * stops them, since the ticket then waits on the side that must not be closed on.
 */
export function inactivityPlan(
  knobs: InactivityKnobs,
  speaker: 'contact' | 'agent',
  now: Date,
): InactivityPlan {
  const counts = (knobs.whenExpiresTicket === '1' ? 'agent' : 'contact') === speaker;
  if (!counts) return { cancel: true };
  const set: { kind: TimerKind; at: Date }[] = [];
  if (knobs.inactiveMessage?.trim() && knobs.timeInactiveMessage > 0)
    set.push({ kind: 'inactive', at: minutes(now, knobs.timeInactiveMessage) });
  if (knobs.expiresTicket > 0) set.push({ kind: 'expire', at: minutes(now, knobs.expiresTicket) });
  return { set };
}
