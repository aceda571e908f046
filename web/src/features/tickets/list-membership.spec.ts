import type { TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { applyTicketPayload } from './list-membership.js';

const ticket = (id: number, extra: Partial<TicketRecord> = {}) =>
  ({ id, status: 'open', unreadMessages: 0, userId: 1, queueId: null, ...extra }) as TicketRecord;

describe('applyTicketPayload', () => {
  const list = [ticket(1), ticket(2), ticket(3)];
  const open = { status: 'open' as const };
  it('moves an unread ticket to the top', () => {
    const out = applyTicketPayload(
      list,
      { action: 'update', ticket: ticket(3, { unreadMessages: 2 }) },
      open,
    );
    expect(out.map((t) => t.id)).toEqual([3, 1, 2]);
  });
  it('keeps a read ticket in place and drops one of another status', () => {
    expect(
      applyTicketPayload(list, { action: 'update', ticket: ticket(2) }, open).map((t) => t.id),
    ).toEqual([1, 2, 3]);
    const closed = applyTicketPayload(
      list,
      { action: 'update', ticket: ticket(2, { status: 'closed' }) },
      open,
    );
    expect(closed.map((t) => t.id)).toEqual([1, 3]);
  });
  it('resets unread and removes deleted tickets', () => {
    const unread = [ticket(1, { unreadMessages: 4 })];
    expect(
      applyTicketPayload(unread, { action: 'updateUnread', ticketId: 1 }, open)[0]?.unreadMessages,
    ).toBe(0);
    expect(applyTicketPayload(list, { action: 'delete', ticketId: 1 }, open)).toHaveLength(2);
  });
  it('adds a new ticket of the tab at the top but leaves the search list alone', () => {
    const fresh = { action: 'update' as const, ticket: ticket(9) };
    expect(applyTicketPayload(list, fresh, open).map((t) => t.id)).toEqual([9, 1, 2, 3]);
    expect(applyTicketPayload(list, fresh, {}).map((t) => t.id)).toEqual([1, 2, 3]);
  });
  it('drops tickets of other queues and, on the open tab, of other users unless show-all', () => {
    const other = { action: 'update' as const, ticket: ticket(2, { queueId: 7 }) };
    expect(applyTicketPayload(list, other, { ...open, queueIds: [1] }).map((t) => t.id)).toEqual([
      1, 3,
    ]);
    const theirs = { action: 'update' as const, ticket: ticket(2, { userId: 5 }) };
    expect(applyTicketPayload(list, theirs, open, 1).map((t) => t.id)).toEqual([1, 3]);
    expect(applyTicketPayload(list, theirs, { ...open, showAll: true }, 1)).toHaveLength(3);
  });
});
