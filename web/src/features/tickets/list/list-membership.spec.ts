import type { TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyTicketPayload,
  listMembership,
  planListUpdate,
  type ListViewer,
} from './list-membership.js';

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

/** An agent (#1) of queue 5, without allTicket or allowGroup. */
const agent: ListViewer = {
  id: 1,
  admin: false,
  allTicket: false,
  allowGroup: false,
  queueIds: [5],
};

describe('listMembership', () => {
  const row = (extra: Partial<TicketRecord>) =>
    ticket(1, { queueId: 5, isGroup: false, whatsappId: 2, tags: [], ...extra });
  it('settles the filters a record carries', () => {
    expect(listMembership(row({}), { status: 'open' }, agent)).toBe('in');
    expect(listMembership(row({ status: 'closed' }), { status: 'open' }, agent)).toBe('out');
    expect(listMembership(row({}), { statusFilter: ['pending'] }, agent)).toBe('out');
    expect(listMembership(row({}), { whatsapps: [3] }, agent)).toBe('out');
    // another queue than the agent's, or a group without allowGroup
    expect(listMembership(row({ queueId: 9 }), {}, agent)).toBe('out');
    expect(listMembership(row({ status: 'group', userId: null }), {}, agent)).toBe('out');
    // another agent's open ticket: only with show-all, which is for admins
    expect(listMembership(row({ userId: 8 }), { showAll: true }, agent)).toBe('out');
    expect(listMembership(row({ userId: 8 }), { showAll: true }, { ...agent, admin: true })).toBe(
      'in',
    );
  });
  it('cannot settle a text search, a day or a tag the ticket lacks (the contact may have it)', () => {
    expect(listMembership(row({}), { searchParam: 'maria' }, agent)).toBe('unknown');
    expect(listMembership(row({}), { date: '2026-11-24' }, agent)).toBe('unknown');
    expect(listMembership(row({}), { tags: [4] }, agent)).toBe('unknown');
    const tagged = row({ tags: [{ id: 4, name: 'vip', color: '#000' }] });
    expect(listMembership(tagged, { tags: [4] }, agent)).toBe('in');
    expect(listMembership(row({}), { status: 'open' })).toBe('unknown');
  });
});

describe('planListUpdate', () => {
  const row = (id: number, extra: Partial<TicketRecord> = {}) =>
    ticket(id, {
      queueId: 5,
      isGroup: false,
      whatsappId: 2,
      contactId: 10 + id,
      tags: [],
      ...extra,
    });
  const update = (t: TicketRecord) => ({ action: 'update' as const, ticket: t });
  it('patches a ticket that stays and removes one that leaves, asking nothing', () => {
    const list = [row(1), row(2)];
    const stays = planListUpdate(
      list,
      update(row(2, { lastMessage: 'x' })),
      { status: 'open' },
      agent,
    );
    expect(stays).toMatchObject({ refetch: false });
    expect(stays.tickets.map((t) => [t.id, t.lastMessage])).toEqual([
      [1, undefined],
      [2, 'x'],
    ]);
    const leaves = planListUpdate(
      list,
      update(row(2, { status: 'closed' })),
      { status: 'open' },
      agent,
    );
    expect(leaves).toEqual({ tickets: [list[0]], refetch: false });
  });
  it("puts an entering ticket on top, in place of its contact's older one where one per contact shows", () => {
    const closed = [row(1, { status: 'closed' }), row(2, { status: 'closed' })];
    const again = row(3, { status: 'closed', contactId: 12 });
    const plan = planListUpdate(closed, update(again), { status: 'closed' }, agent);
    expect(plan.tickets.map((t) => t.id)).toEqual([3, 1]);
    expect(plan.refetch).toBe(false);
  });
  it('asks again only when an entering ticket cannot be placed, and never for an edit', () => {
    const search = [row(1)];
    expect(planListUpdate(search, update(row(2)), { searchParam: 'maria' }, agent)).toEqual({
      tickets: search,
      refetch: true,
    });
    expect(planListUpdate(search, update(row(2)), { searchParam: 'maria' }, agent, false)).toEqual({
      tickets: search,
      refetch: false,
    });
  });
});
