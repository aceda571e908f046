import { act } from '@testing-library/react';

/**
 * One fake socket for the whole app, standing in for `api/socket.js`
 * (`vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'))`); tests fire the events
 * the gateway would send with `fireSocket`.
 */
const listeners = new Map<string, ((payload: unknown) => void)[]>();

const socket = {
  on: (name: string, listener: (payload: unknown) => void) =>
    listeners.set(name, [...(listeners.get(name) ?? []), listener]),
  off: (name: string, listener: (payload: unknown) => void) =>
    listeners.set(
      name,
      (listeners.get(name) ?? []).filter((l) => l !== listener),
    ),
  emit: () => undefined,
};

export const connectSocket = () => socket;
export const disconnectSocket = () => undefined;
export const currentSocket = () => socket;

/** How many listeners follow an event (undefined before the first). */
export const socketListenerCount = (name: string) => listeners.get(name)?.length;

/** Forgets every listener (between tests, so a listener of an unmounted page cannot fire). */
export const forgetSocketListeners = () => listeners.clear();

export const fireSocket = (name: string, payload: unknown) =>
  act(() => (listeners.get(name) ?? []).forEach((listener) => listener(payload)));

/** `onSocket` of api/socket.js: the fake socket is always open. */
export const onSocket = (listener: (opened: typeof socket) => void) => {
  listener(socket);
  return () => undefined;
};
