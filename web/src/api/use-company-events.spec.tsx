import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followSocket } from './socket-cache.js';
import { useCompanyEvents } from './use-company-events.js';

/** Sockets the test opens one after the other, as logins and reconnections do. */
const sockets = vi.hoisted(() => {
  class FakeSocket {
    connected = false;
    listeners = new Map<string, ((payload: unknown) => void)[]>();
    emitted: [string, string][] = [];
    on(name: string, listener: (payload: unknown) => void) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    }
    off(name: string, listener: (payload: unknown) => void) {
      this.listeners.set(
        name,
        (this.listeners.get(name) ?? []).filter((l) => l !== listener),
      );
    }
    emit(name: string, value: string) {
      this.emitted.push([name, value]);
    }
    fire(name: string, payload?: unknown) {
      for (const listener of this.listeners.get(name) ?? []) listener(payload);
    }
    count(name: string) {
      return this.listeners.get(name)?.length ?? 0;
    }
  }
  const followers = new Set<(socket: FakeSocket) => void>();
  let current: FakeSocket | null = null;
  return {
    FakeSocket,
    open: () => {
      current = new FakeSocket();
      for (const follower of followers) follower(current);
      return current;
    },
    onSocket: (follower: (socket: FakeSocket) => void) => {
      followers.add(follower);
      if (current) follower(current);
      return () => void followers.delete(follower);
    },
  };
});

vi.mock('./socket.js', () => ({ onSocket: sockets.onSocket }));

const TicketEvent = 'company-7-ticket';

describe('useCompanyEvents', () => {
  it('follows the socket that replaces the first one, and leaves it on unmount', () => {
    const first = sockets.open();
    const heard: unknown[] = [];
    const { unmount } = renderHook(() =>
      useCompanyEvents(7, 'ticket', (payload) => heard.push(payload)),
    );
    first.fire(TicketEvent, 'a');

    // a new login opens another socket: the listener moves there and leaves the old one
    const second = sockets.open();
    expect(first.count(TicketEvent)).toBe(0);
    second.fire(TicketEvent, 'b');
    expect(heard).toEqual(['a', 'b']);

    unmount();
    expect(second.count(TicketEvent)).toBe(0);
  });

  it('listens to nothing while disabled or without a company', () => {
    const socket = sockets.open();
    const { rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) => useCompanyEvents(7, 'ticket', () => {}, enabled),
      { initialProps: { enabled: false } },
    );
    renderHook(() => useCompanyEvents(undefined, 'ticket', () => {}));
    expect(socket.count(TicketEvent)).toBe(0);
    rerender({ enabled: true });
    expect(socket.count(TicketEvent)).toBe(1);
  });

  it('calls the latest listener without listening twice', () => {
    const socket = sockets.open();
    const heard: string[] = [];
    const { rerender } = renderHook(
      ({ tag }: { tag: string }) => useCompanyEvents(7, 'ticket', () => heard.push(tag)),
      { initialProps: { tag: 'old' } },
    );
    rerender({ tag: 'new' });
    socket.fire(TicketEvent);
    expect(heard).toEqual(['new']);
    expect(socket.count(TicketEvent)).toBe(1);
  });
});

describe('followSocket', () => {
  it('joins its room on each connection of each socket it follows', () => {
    const first = sockets.open();
    first.connected = true;
    const stop = followSocket(
      [TicketEvent],
      () => {},
      (emit) => emit('joinChatBox', '12'),
    );
    expect(first.emitted).toEqual([['joinChatBox', '12']]);
    first.fire('connect');
    expect(first.emitted).toHaveLength(2);

    const second = sockets.open();
    second.fire('connect');
    expect(second.emitted).toEqual([['joinChatBox', '12']]);
    expect(first.count('connect')).toBe(0);

    stop();
    expect(second.count('connect')).toBe(0);
    expect(second.count(TicketEvent)).toBe(0);
  });
});
