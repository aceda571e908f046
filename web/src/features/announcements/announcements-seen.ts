import type { Announcement } from '@sb/contracts';
import { useSyncExternalStore } from 'react';
import { storeAnnouncementsSeen, storedAnnouncementsSeen } from '../../lib/browser-storage.js';

/*
 * Unread announcements (issue 28): each user's "last seen" is the creation time of the newest
 * announcement they had in front of them when they last opened the list, kept in this browser's
 * localStorage per user id. Anything created after it counts as new. It is the server's clock on both
 * sides, so a skewed browser clock cannot hide or repeat one; no server state is needed for a badge.
 */

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The user's last-seen time, re-read when it changes in this page. */
export const useAnnouncementsSeen = (userId: number): string | null =>
  useSyncExternalStore(subscribe, () => storedAnnouncementsSeen(userId));

const time = (iso: string | null) => (iso ? Date.parse(iso) || 0 : 0);

/** How many of these announcements were created after the last-seen time. */
export const unseenCount = (
  records: readonly Pick<Announcement, 'createdAt'>[],
  seenAt: string | null,
): number => records.filter((record) => time(record.createdAt) > time(seenAt)).length;

/** Records that the user has now seen everything up to the newest of `records`. */
export const markAnnouncementsSeen = (
  userId: number,
  records: readonly Pick<Announcement, 'createdAt'>[],
): void => {
  const newest = records.reduce<string | null>(
    (max, record) => (time(record.createdAt) > time(max) ? record.createdAt : max),
    null,
  );
  if (!newest || time(newest) <= time(storedAnnouncementsSeen(userId))) return;
  storeAnnouncementsSeen(userId, newest);
  for (const listener of listeners) listener();
};
