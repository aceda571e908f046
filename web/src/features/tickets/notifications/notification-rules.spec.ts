import type { AppMessageSocketPayload, MessageRecord, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { shouldNotify, ticketToRing, unreadTickets } from './notification-rules.js';

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

describe('ticketToRing', () => {
  const me = { id: 1, allTicket: 'disable' as const, queues: [{ id: 5 }] };
  const incoming = (
    extra: Partial<TicketRecord>,
    message: Partial<MessageRecord> = {},
  ): Extract<AppMessageSocketPayload, { message: MessageRecord }> => ({
    action: 'create',
    message: { id: 'x', ticketId: 1, fromMe: false, isPrivate: false, ...message } as MessageRecord,
    ticket: ticket(extra.id ?? 1, { unreadMessages: 1, queueId: 5, ...extra }),
    contact: {} as TicketRecord['contact'],
  });

  it('rings for a contact message on my ticket', () => {
    expect(ticketToRing(incoming({ id: 1 }), me)?.id).toBe(1);
  });

  it('stays silent for my own or private messages, edits, and other users tickets', () => {
    expect(ticketToRing(incoming({ id: 1 }, { fromMe: true }), me)).toBeNull();
    expect(ticketToRing(incoming({ id: 1 }, { isPrivate: true }), me)).toBeNull();
    expect(ticketToRing({ ...incoming({ id: 1 }), action: 'update' }, me)).toBeNull();
    expect(ticketToRing(incoming({ id: 1, userId: 9 }), me)).toBeNull();
    expect(ticketToRing(incoming({ id: 1, userId: null, queueId: 7 }), me)).toBeNull();
  });

  it("stays silent for a history import's old messages (they leave the ticket read)", () => {
    expect(ticketToRing(incoming({ id: 1, unreadMessages: 0 }), me)).toBeNull();
  });
});

describe('unreadTickets', () => {
  it('keeps the tickets with unread messages, in order', () => {
    const list = [ticket(3, { unreadMessages: 2 }), ticket(2), ticket(1, { unreadMessages: 1 })];
    expect(unreadTickets(list).map((t) => t.id)).toEqual([3, 1]);
    expect(unreadTickets(undefined)).toEqual([]);
  });
});
