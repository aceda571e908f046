import {
  ClientSocketEvents,
  UserStatusIntervalMs,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@sb/contracts';
import { io, type Socket } from 'socket.io-client';
import { storedToken } from '../lib/browser-storage.js';
import { apiUrl } from '../app/runtime-config.js';

/** The socket typed by the contracts' event maps: each listener gets its event's payload type. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;
const openedListeners = new Set<(socket: AppSocket) => void>();

/**
 * The one socket of the app (spec 1 §7), opened after login. The token is read at every (re)connect so
 * a refreshed access token is used; the query names the company and user the token must match.
 */
export const connectSocket = (session: { companyId: number; userId: number }): AppSocket => {
  disconnectSocket();
  const opened: AppSocket = io(apiUrl(), {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (send) => send({ token: storedToken() ?? '' }),
    query: { companyId: String(session.companyId), userId: String(session.userId) },
  });
  opened.on('connect', () => {
    opened.emit(ClientSocketEvents.joinNotification);
    opened.emit(ClientSocketEvents.userStatus, { online: true });
  });
  heartbeat = setInterval(() => {
    if (opened.connected) opened.emit(ClientSocketEvents.userStatus, { online: true });
  }, UserStatusIntervalMs);
  socket = opened;
  for (const listener of openedListeners) listener(opened);
  return opened;
};

export const disconnectSocket = (): void => {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
};

/** The open socket, for features that join rooms or listen to their events. */
export const currentSocket = (): AppSocket | null => socket;

/**
 * Calls `listener` with the socket now if one is open, and with every socket opened later (a page whose
 * effects run before the shell's opened it still gets it); answers the unsubscribe.
 */
export const onSocket = (listener: (socket: AppSocket) => void): (() => void) => {
  openedListeners.add(listener);
  if (socket) listener(socket);
  return () => {
    openedListeners.delete(listener);
  };
};
