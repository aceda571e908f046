import { npsClassOf, type TicketRecord } from '@sb/contracts';
import {
  applyDeletion,
  applyObservation,
  contributionOf,
  localDay,
  minutesBetween,
  type TicketObservation,
} from './ticket-fact-rules.js';

const tz = 'America/Sao_Paulo';

const ticket = (fields: Partial<TicketRecord>): TicketRecord =>
  ({
    id: 1,
    companyId: 7,
    status: 'pending',
    isGroup: false,
    queueId: null,
    queue: null,
    userId: null,
    whatsappId: 3,
    contactId: 40,
    contact: { name: 'Cliente' },
    createdAt: '2026-03-02T12:00:00.000Z',
    updatedAt: '2026-03-02T12:00:00.000Z',
    userRating: null,
    ...fields,
  }) as TicketRecord;

const seen = (
  at: string,
  fields: Partial<TicketRecord>,
  extra: Partial<TicketObservation> = {},
) => ({
  ticket: ticket({ updatedAt: at, ...fields }),
  occurredAt: at,
  ...extra,
});

// created 12:00, queued 12:01, accepted by user 5 at 12:10, answered 12:12, closed 12:40, rated 9
const history: TicketObservation[] = [
  seen('2026-03-02T12:00:00.000Z', {}),
  seen('2026-03-02T12:01:00.000Z', { queueId: 2, queue: { id: 2, name: 'Vendas', color: '#f00' } }),
  seen('2026-03-02T12:10:00.000Z', { queueId: 2, status: 'open', userId: 5 }),
  seen(
    '2026-03-02T12:12:30.000Z',
    { queueId: 2, status: 'open', userId: 5 },
    { response: { at: '2026-03-02T12:12:30.000Z', userId: 5 } },
  ),
  seen(
    '2026-03-02T12:40:00.000Z',
    { queueId: 2, status: 'closed', userId: 5 },
    { previousStatus: 'open' },
  ),
  seen('2026-03-02T12:41:00.000Z', {
    queueId: 2,
    status: 'closed',
    userId: 5,
    userRating: { rate: 9 },
  }),
];

const fold = (events: TicketObservation[]) =>
  events.reduce<ReturnType<typeof applyObservation> | undefined>(
    (fact, event) => applyObservation(fact, event),
    undefined,
  )!;

describe('ticket facts', () => {
  it('records each instant and who did it', () => {
    expect(fold(history)).toMatchObject({
      status: 'closed',
      queueId: 2,
      userId: 5,
      queuedAt: '2026-03-02T12:01:00.000Z',
      acceptedAt: '2026-03-02T12:10:00.000Z',
      acceptedBy: 5,
      firstResponseAt: '2026-03-02T12:12:30.000Z',
      firstResponseBy: 5,
      closedAt: '2026-03-02T12:40:00.000Z',
      closedBy: 5,
      rate: 9,
    });
  });

  it('gives the same facts whatever the order and with duplicates', () => {
    const expected = fold(history);
    const reversed = fold([...history].reverse());
    const shuffled = fold([
      history[3]!,
      history[5]!,
      history[0]!,
      history[5]!,
      history[2]!,
      history[1]!,
      history[4]!,
    ]);
    expect(reversed).toEqual(expected);
    expect(shuffled).toEqual(expected);
  });

  it('keeps the newest close after a reopening, and a late reopening does not undo a newer close', () => {
    const reopened = seen(
      '2026-03-02T13:00:00.000Z',
      { status: 'open', userId: 5 },
      { previousStatus: 'closed' },
    );
    const closedAgain = seen(
      '2026-03-02T13:30:00.000Z',
      { status: 'closed', userId: 5 },
      { previousStatus: 'open' },
    );
    const fact = fold([...history, closedAgain, reopened]);
    expect(fact.status).toBe('closed');
    expect(fact.closedAt).toBe('2026-03-02T13:30:00.000Z');
  });

  it('takes the close from the transition event; without one, from the earliest closed event', () => {
    const late = seen('2026-03-02T12:50:00.000Z', { queueId: 2, status: 'closed', userId: 5 });
    expect(fold([late, ...history]).closedAt).toBe('2026-03-02T12:40:00.000Z');
    const withoutTransition = history.map((event) => ({ ...event, previousStatus: undefined }));
    expect(fold([late, ...withoutTransition].reverse()).closedAt).toBe('2026-03-02T12:40:00.000Z');
  });

  it('counts a ticket once in its rollup, in whole minutes, and nothing once deleted', () => {
    const fact = fold(history);
    expect(contributionOf(fact, tz)).toEqual({
      key: { companyId: 7, day: '2026-03-02', queueId: 2, userId: 5, whatsappId: 3 },
      counts: {
        tickets: 1,
        groupTickets: 0,
        closed: 1,
        closedRated: 1,
        rated: 1,
        npsWaiting: 0,
        waitMinutes: 10, // 12:00 → 12:10
        waitCount: 1,
        supportMinutes: 30, // 12:10 → 12:40 (to the close, not to now)
        supportCount: 1,
        rateSum: 9,
        promoters: 1,
        passives: 0,
        detractors: 0,
      },
    });
    expect(contributionOf(applyDeletion(fact), tz)).toBeUndefined();
    // an open ticket has no support time yet
    const open = fold(history.slice(0, 4));
    expect(contributionOf(open, tz)!.counts).toMatchObject({
      supportCount: 0,
      closed: 0,
      waitMinutes: 10,
    });
  });

  it('classes NPS rates: promoters > 8, passives 7–8, detractors < 7', () => {
    expect([10, 9, 8, 7, 6, 0].map(npsClassOf)).toEqual([
      'promoter',
      'promoter',
      'passive',
      'passive',
      'detractor',
      'detractor',
    ]);
  });

  it('counts whole minutes and the local day of the report time zone', () => {
    expect(minutesBetween('2026-03-02T12:00:00Z', '2026-03-02T12:00:59Z')).toBe(0);
    expect(minutesBetween('2026-03-02T12:00:00Z', '2026-03-02T14:05:00Z')).toBe(125);
    expect(minutesBetween(null, '2026-03-02T14:05:00Z')).toBeNull();
    // 01:30 UTC is still the previous evening in São Paulo (UTC−3)
    expect(localDay('2026-03-03T01:30:00Z', tz)).toBe('2026-03-02');
    // across New York's spring-forward change (UTC−5 → UTC−4 on 2026-03-08)
    expect(localDay('2026-03-08T04:30:00Z', 'America/New_York')).toBe('2026-03-07');
    expect(localDay('2026-03-09T03:30:00Z', 'America/New_York')).toBe('2026-03-08');
    expect(localDay('2026-03-09T04:30:00Z', 'America/New_York')).toBe('2026-03-09');
  });
});
