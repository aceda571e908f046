import {
  socketEvent,
  type ClientToServerEvents,
  type CompanySocketEventName,
  type SessionUser,
  type SocketPayloads,
} from '@sb/contracts';
import type { Socket } from 'socket.io-client';
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
export const followCompanyEvents = async <N extends CompanySocketEventName>(
  { cacheDataLoaded, cacheEntryRemoved, getState }: CacheLifecycle,
  events: N | N[],
  listener: (payload: SocketPayloads[N]) => void,
  onJoin?: (emit: (name: keyof ClientToServerEvents, value: string) => void) => void,
): Promise<void> => {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  // socket.io cannot resolve the payload of a generic name; the signature above ties names and listener
  const socket = currentSocket() as Socket | null;
  const user = (getState() as { session: { user: SessionUser | null } }).session.user;
  if (!socket || !user) return;
  const names: string[] = (Array.isArray(events) ? events : [events]).map((event) =>
    socketEvent.company(user.companyId, event),
  );
  for (const name of names) socket.on(name, listener);
  // a reconnection may reach another gateway, which knows none of the rooms joined before: join again
  const join = () => onJoin?.((eventName, value) => socket.emit(eventName, value));
  if (socket.connected) join();
  socket.on('connect', join);
  await cacheEntryRemoved;
  for (const name of names) socket.off(name, listener);
  socket.off('connect', join);
};
