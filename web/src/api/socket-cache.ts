import { socketEvent, type CompanySocketEventName, type SessionUser } from '@sb/contracts';
import { currentSocket } from './socket.js';

/** What RTK Query's `onCacheEntryAdded` hands over that a socket subscription needs. */
export type CacheLifecycle = {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  getState: () => unknown;
};

/**
 * Listens to company events on the app's one socket (spec 1 §7) while a cache entry lives: from its
 * first answer until it is dropped. `onJoin` may ask the server for a room once listening.
 */
export const followCompanyEvents = async <Payload>(
  { cacheDataLoaded, cacheEntryRemoved, getState }: CacheLifecycle,
  events: CompanySocketEventName | CompanySocketEventName[],
  listener: (payload: Payload) => void,
  onJoin?: (emit: (name: string, value: string) => void) => void,
): Promise<void> => {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  const socket = currentSocket();
  const user = (getState() as { session: { user: SessionUser | null } }).session.user;
  if (!socket || !user) return;
  const names = (Array.isArray(events) ? events : [events]).map((event) =>
    socketEvent.company(user.companyId, event),
  );
  for (const name of names) socket.on(name, listener);
  onJoin?.((eventName, value) => socket.emit(eventName, value));
  await cacheEntryRemoved;
  for (const name of names) socket.off(name, listener);
};
