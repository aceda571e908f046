import type { MomentTicket, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { cardsOf } from './moments-cards.js';
import { matchesMoments, patchMoments } from './moments-live.js';

const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00`).toISOString();

const moment = (over: Partial<MomentTicket> = {}): MomentTicket => ({
  id: 1,
  status: 'open',
  contactId: 10,
  contact: { id: 10, name: 'Carla' },
  isGroup: false,
  queueId: 3,
  queue: { id: 3, name: 'Sales', color: '#0a0' },
  userId: 7,
  user: { id: 7, name: 'Ana', profile: 'admin' },
  whatsappId: 1,
  createdAt: at('2026-11-20'),
  updatedAt: at('2026-11-20'),
  ...over,
});

const record = (over: Partial<TicketRecord> = {}): TicketRecord =>
  ({
    id: 2,
    uuid: 'u',
    companyId: 2,
    status: 'open',
    isGroup: false,
    isBot: false,
    channel: 'whatsapp',
    queueId: 3,
    queue: { id: 3, name: 'Sales', color: '#0a0' },
    userId: 7,
    user: { id: 7, name: 'Ana' },
    whatsappId: 1,
    whatsapp: null,
    contactId: 11,
    contact: { id: 11, name: 'Davi' },
    tags: [],
    lastMessage: '',
    unreadMessages: 0,
    createdAt: at('2026-11-21'),
    updatedAt: at('2026-11-21', '13:00'),
    useIntegration: false,
    code: '',
    userRating: null,
    ...over,
  }) as TicketRecord;

const admin = { id: 7, admin: true };
const range = { dateStart: '2026-11-01', dateEnd: '2026-11-30' };

describe('Tempo Real live patches', () => {
  it('adds a ticket that now matches, first, with the profile its user is known by', () => {
    const rows = [moment()];
    patchMoments(rows, { action: 'update', ticket: record() }, { ...range, status: 'open' }, admin);
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    expect(rows[0]!.user).toEqual({ id: 7, name: 'Ana', profile: 'admin' });
  });

  it('drops a ticket that left the status, the queue filter or was deleted', () => {
    const rows = [moment(), moment({ id: 2, contactId: 11 })];
    patchMoments(
      rows,
      { action: 'update', ticket: record({ status: 'closed' }) },
      { status: 'open' },
      admin,
    );
    expect(rows.map((r) => r.id)).toEqual([1]);
    patchMoments(rows, { action: 'delete', ticketId: 1 }, {}, admin);
    expect(rows).toEqual([]);
    patchMoments(
      rows,
      { action: 'update', ticket: record({ queueId: 4 }) },
      { queueIds: [3] },
      admin,
    );
    expect(rows).toEqual([]);
  });

  it('keeps the newest ticket per contact, queue and connection under a status filter', () => {
    const rows = [moment({ id: 1, contactId: 11 })];
    patchMoments(rows, { action: 'update', ticket: record() }, { status: 'open' }, admin);
    expect(rows.map((r) => r.id)).toEqual([2]);
  });

  it('shows a plain user only their own tickets, and only those created in the range', () => {
    const agent = { id: 8, admin: false };
    expect(matchesMoments(moment(), {}, agent)).toBe(false);
    expect(matchesMoments(moment({ userId: 8 }), {}, agent)).toBe(true);
    expect(matchesMoments(moment({ createdAt: at('2026-10-31') }), range, admin)).toBe(false);
    expect(matchesMoments(moment({ createdAt: at('2026-11-30', '23:30') }), range, admin)).toBe(
      true,
    );
    expect(matchesMoments(moment(), { userId: 9 }, admin)).toBe(false);
  });

  it('ignores unread resets', () => {
    const rows = [moment()];
    patchMoments(rows, { action: 'updateUnread', ticketId: 1 }, {}, admin);
    expect(rows).toHaveLength(1);
  });
});

describe('Tempo Real cards', () => {
  it('gives admins the Pendentes card and a card per user with open tickets, by name, admins flagged', () => {
    const cards = cardsOf(
      [
        moment({ id: 1, userId: 9, user: { id: 9, name: 'Zeca', profile: null } }),
        moment({ id: 2 }),
      ],
      [moment({ id: 3, status: 'pending', userId: null, user: null })],
      [{ id: 9, name: 'Zeca', profile: 'user' }],
      { id: 7, name: 'Ana', admin: true },
    );
    expect(
      cards.map((c) =>
        c.kind === 'pending' ? ['pending', c.tickets.length] : [c.user.name, c.user.admin],
      ),
    ).toEqual([
      ['pending', 1],
      ['Ana', true],
      ['Zeca', false],
    ]);
  });

  it('gives a plain user only their own card, even empty', () => {
    const cards = cardsOf([], [moment({ status: 'pending' })], [], {
      id: 8,
      name: 'Bia',
      admin: false,
    });
    expect(cards).toEqual([
      { kind: 'user', user: { id: 8, name: 'Bia', admin: false }, tickets: [] },
    ]);
  });
});
