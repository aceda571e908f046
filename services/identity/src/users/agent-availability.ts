import { isWithinWorkingHours } from '../auth/working-hours.js';
import { isOnline } from './user-rules.js';

/** A queue member as availability reads them. */
export type QueueMember = {
  id: number;
  online: boolean;
  lastSeenAt: Date | null;
  startWork: string;
  endWork: string;
  queueIds: number[];
};

/**
 * Who may take a ticket of each queue at `at`: members of the queue who are online (flagged and seen
 * within the window) and inside their startWork–endWork window on the company's wall clock (a window
 * whose end is before its start runs over midnight). Every asked queue gets an entry, its ids ascending,
 * so a caller's round robin sees the same order on every replica.
 */
export const availableAgentsByQueue = (
  members: QueueMember[],
  queueIds: number[],
  at: Date,
  timeZone: string,
): Map<number, number[]> => {
  const byQueue = new Map<number, number[]>(queueIds.map((id) => [id, []]));
  const now = at.getTime();
  for (const member of members) {
    if (!isOnline(member, now)) continue;
    if (!isWithinWorkingHours(at, member.startWork, member.endWork, timeZone)) continue;
    for (const queueId of member.queueIds) byQueue.get(queueId)?.push(member.id);
  }
  for (const ids of byQueue.values()) ids.sort((a, b) => a - b);
  return byQueue;
};
