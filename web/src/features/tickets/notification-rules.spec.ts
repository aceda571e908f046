import type { MessageRecord, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { applyNotification, shouldNotify } from './notification-rules.js';

const ticket = (id: number, extra: Partial<TicketRecord> = {}) =>
  ({ id, status: 'open', unreadMessages: 0, userId: 1, queueId: null, ...extra }) as TicketRecord;

describe('shouldNotify', () => {
  const user = { id: 1, allTicket: 'disable' as const, queues: [{ id: 5 }] };
  it('rings for mine or unassigned in my queues', () => {
    expect(shouldNotify(ticket(1, { userId: 1, queueId: 5 }), user)).toBe(true);
    expect(shouldNotify(ticket(1, { userId: 2 }), user)).toBe(false);
    expect(shouldNotify(ticket(1, { userId: null, queueId: 9 }), user)).toBe(false);
    expect(shouldNotify(ticket(1, { userId: null, status: 'pending' }), user)).toBe(false);
    expect(
      shouldNotify(ticket(1, { userId: null, status: 'pending' }), {
        ...user,
        allTicket: 'enable',
      }),
    ).toBe(true);
  });
});

describe('applyNotification', () => {
  const me = { id: 1, allTicket: 'disable' as const, queues: [{ id: 5 }] };
  const incoming = (extra: Partial<TicketRecord>, fromMe = false) => ({
    kind: 'message' as const,
    payload: {
      action: 'create' as const,
      message: { id: 'x', ticketId: extra.id ?? 1, fromMe, isPrivate: false } as MessageRecord,
      ticket: ticket(extra.id ?? 1, { unreadMessages: 1, queueId: 5, ...extra }),
      contact: {} as TicketRecord['contact'],
    },
  });
  it('rings and lists a contact message on my ticket', () => {
    const out = applyNotification([ticket(2, { unreadMessages: 1 })], incoming({ id: 1 }), me);
    expect(out.ring?.id).toBe(1);
    expect(out.tickets.map((t) => t.id)).toEqual([1, 2]);
  });
  it('stays silent for my own messages and for other users tickets', () => {
    expect(applyNotification([], incoming({ id: 1 }, true), me).ring).toBeNull();
    expect(applyNotification([], incoming({ id: 1, userId: 9 }), me).ring).toBeNull();
  });
  it('drops a ticket once read or deleted', () => {
    const list = [ticket(1, { unreadMessages: 1, queueId: 5 })];
    const read = {
      kind: 'ticket' as const,
      payload: { action: 'updateUnread' as const, ticketId: 1 },
    };
    expect(applyNotification(list, read, me).tickets).toEqual([]);
  });
});
