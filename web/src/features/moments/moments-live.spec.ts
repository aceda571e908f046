import type { MomentTicket, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { cardsOf } from './moments-cards.js';
import { matchesMoments, patchMoments } from './moments-live.js';
import { dayIn, momentsRange } from './report-days.js';

/** `day` at `time` in São Paulo (UTC−3), as an instant. */
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00-03:00`).toISOString();

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
/** São Paulo, on 25 November 2026 (inside the range of these tests). */
const clock = { timeZone: 'America/Sao_Paulo', now: Date.parse('2026-11-25T15:00:00Z') };
const range = { dateStart: '2026-11-01', dateEnd: '2026-11-30' };

describe('Tempo Real live patches', () => {
  it('adds a ticket that now matches, first, with the profile its user is known by', () => {
    const rows = [moment()];
    patchMoments(
      rows,
      { action: 'update', ticket: record() },
      { ...range, status: 'open' },
      admin,
      clock,
    );
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
      clock,
    );
    expect(rows.map((r) => r.id)).toEqual([1]);
    patchMoments(rows, { action: 'delete', ticketId: 1 }, {}, admin, clock);
    expect(rows).toEqual([]);
    patchMoments(
      rows,
      { action: 'update', ticket: record({ queueId: 4 }) },
      { queueIds: [3] },
      admin,
      clock,
    );
    expect(rows).toEqual([]);
  });

  it('keeps the newest ticket per contact, queue and connection under a status filter', () => {
    const rows = [moment({ id: 1, contactId: 11 })];
    patchMoments(rows, { action: 'update', ticket: record() }, { status: 'open' }, admin, clock);
    expect(rows.map((r) => r.id)).toEqual([2]);
  });

  it('shows a plain user only their own tickets, and only those created in the range', () => {
    const agent = { id: 8, admin: false };
    expect(matchesMoments(moment(), {}, agent, clock)).toBe(false);
    expect(matchesMoments(moment({ userId: 8 }), {}, agent, clock)).toBe(true);
    expect(matchesMoments(moment({ createdAt: at('2026-10-31') }), range, admin, clock)).toBe(
      false,
    );
    expect(
      matchesMoments(moment({ createdAt: at('2026-11-30', '23:30') }), range, admin, clock),
    ).toBe(true);
    expect(matchesMoments(moment(), { userId: 9 }, admin, clock)).toBe(false);
  });

  it("reads creation days and the default range in the report zone, not the browser's", () => {
    // 23:30 on 30 November in São Paulo is already 1 December in UTC and in Tokyo
    const late = moment({ createdAt: at('2026-11-30', '23:30') });
    expect(matchesMoments(late, range, admin, clock)).toBe(true);
    expect(matchesMoments(late, range, admin, { ...clock, timeZone: 'UTC' })).toBe(false);
    expect(matchesMoments(late, range, admin, { ...clock, timeZone: 'Asia/Tokyo' })).toBe(false);
    // without dates: the last 30 days up to today in the zone. At 02:00 UTC on 10 March 2026 it is
    // still 9 March in São Paulo (23:00), so 8 February to 9 March; in Tokyo 9 February to 10 March
    const night = Date.parse('2026-03-10T02:00:00Z');
    expect(momentsRange({}, 'America/Sao_Paulo', night)).toEqual({
      from: '2026-02-08',
      to: '2026-03-09',
    });
    expect(momentsRange({}, 'Asia/Tokyo', night)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(momentsRange({ dateEnd: '2026-03-01' }, 'UTC', night)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    // a ticket of 22:00 on 9 March in São Paulo (01:00 UTC on the 10th) is today's there
    const tonight = moment({ createdAt: '2026-03-10T01:00:00.000Z' });
    const spNight = { timeZone: 'America/Sao_Paulo', now: night };
    expect(matchesMoments(tonight, {}, admin, spNight)).toBe(true);
    expect(dayIn('America/Sao_Paulo', tonight.createdAt)).toBe('2026-03-09');
    // and the 30 days stop at 8 February
    expect(
      matchesMoments(moment({ createdAt: at('2026-02-07', '23:00') }), {}, admin, spNight),
    ).toBe(false);
    expect(
      matchesMoments(moment({ createdAt: at('2026-02-08', '00:30') }), {}, admin, spNight),
    ).toBe(true);
  });

  it('ignores unread resets', () => {
    const rows = [moment()];
    patchMoments(rows, { action: 'updateUnread', ticketId: 1 }, {}, admin, clock);
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
