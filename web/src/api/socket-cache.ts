import {
  socketEvent,
  type ClientToServerEvents,
  type CompanySocketEventName,
  type SessionUser,
  type SocketPayloads,
} from '@sb/contracts';
import type { Socket } from 'socket.io-client';
import { onSocket } from './socket.js';

/** What RTK Query's `onCacheEntryAdded` hands over that a socket subscription needs. */
export type CacheLifecycle = {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  getState: () => unknown;
};

/** Asks the server for a room (the ticket's chat box…) on the socket listened to. */
export type JoinRoom = (emit: (name: keyof ClientToServerEvents, value: string) => void) => void;

/**
 * Listens to `names` on the app's one socket (spec 1 §7) and on each socket opened after it (a new
 * login replaces the socket), leaving the one it held, until the answer is called. Every socket
 * listener of the app goes through here. `onJoin` runs at each (re)connection: a reconnection may reach
 * another gateway, which knows none of the rooms joined before.
 */
export const followSocket = (
  names: string[],
  // socket.io cannot resolve the payload of a generic name; the callers' signatures tie names and listener
  listener: (payload: never) => void,
  onJoin?: JoinRoom,
): (() => void) => {
  const handle = listener as (payload: unknown) => void;
  let held: Socket | null = null;
  const join = () => {
    const socket = held;
    if (socket) onJoin?.((eventName, value) => socket.emit(eventName, value));
  };
  const leave = () => {
    for (const name of names) held?.off(name, handle);
    held?.off('connect', join);
    held = null;
  };
  const stop = onSocket((opened) => {
    leave();
    held = opened as Socket;
    for (const name of names) held.on(name, handle);
    if (!onJoin) return;
    if (held.connected) join();
    held.on('connect', join);
  });
  return () => {
    stop();
    leave();
  };
};

/** The socket names of company events: `company-<id>-<event>`. */
export const companyEventNames = <N extends CompanySocketEventName>(
  companyId: number,
  events: N | N[],
): string[] =>
  (Array.isArray(events) ? events : [events]).map((event) => socketEvent.company(companyId, event));

/**
 * Listens to socket events while a cache entry lives: from its first answer until it is dropped.
 * `namesOf` names them once the answer is in (none: nothing to listen to).
 */
export const followWhileCached = async (
  { cacheDataLoaded, cacheEntryRemoved, getState }: CacheLifecycle,
  namesOf: (user: SessionUser | null) => string[],
  listener: (payload: never) => void,
  onJoin?: JoinRoom,
): Promise<void> => {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  const user = (getState() as { session: { user: SessionUser | null } }).session.user;
  const names = namesOf(user);
  if (names.length === 0) return;
  const stop = followSocket(names, listener, onJoin);
  await cacheEntryRemoved;
  stop();
};

/** Listens to the logged-in company's `events` while a cache entry lives (see `followWhileCached`). */
export const followCompanyEvents = <N extends CompanySocketEventName>(
  lifecycle: CacheLifecycle,
  events: N | N[],
  listener: (payload: SocketPayloads[N]) => void,
  onJoin?: JoinRoom,
): Promise<void> =>
  followWhileCached(
    lifecycle,
    (user) => (user ? companyEventNames(user.companyId, events) : []),
    listener,
    onJoin,
  );
