import type { WorkingDay } from '@sb/contracts';
import { businessClocks, wallClockMinutes } from '../business-hours/business-hours.js';
import {
  bucketIndexOf,
  MinutesTally,
  ServiceMetricsTally,
  slaOutcome,
  type MetricTicket,
} from './service-metrics.js';

const office: WorkingDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map(
  (weekdayEn) => ({
    weekdayEn,
    startTimeA: '09:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }),
);
const zone = 'America/Sao_Paulo';

/** A ticket with its instants written as ISO text (the metrics read them as epoch ms). */
type Written = Omit<
  MetricTicket,
  'createdAt' | 'firstResponseAt' | 'closedAt' | 'nextResponses'
> & {
  createdAt: string;
  firstResponseAt: string | null;
  closedAt: string | null;
  nextResponses: { from: string; to: string }[];
};
const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const ticket = (over: Partial<Written>): MetricTicket => {
  const t: Written = {
    queueId: null,
    queueName: null,
    closed: false,
    createdAt: '2026-03-09T12:00:00.000Z',
    firstResponseAt: null,
    closedAt: null,
    nextResponses: [],
    ...over,
  };
  return {
    ...t,
    createdAt: ms(t.createdAt)!,
    firstResponseAt: ms(t.firstResponseAt),
    closedAt: ms(t.closedAt),
    nextResponses: t.nextResponses.map((w) => ({ from: ms(w.from)!, to: ms(w.to)! })),
  };
};

/*
 * São Paulo (UTC−3); the company's hours Monday to Friday 09:00–12:00 and 13:00–18:00; schedule type
 * queue, and only Financeiro (4) has hours of its own: Monday 10:00–10:03. Local times below.
 * Targets: Vendas (2) 30 min, Suporte (3) 120 min, Cobrança (5) 60 min; Financeiro none.
 * Read on Monday 9 March 2026 at 13:45.
 * - T1 Vendas: Mon 09:00, answered 09:20, contact 09:30 → agent 09:40, closed 10:00
 * - T2 Vendas: Fri 6 March 17:50, answered Mon 09:10, contact 09:15 → agent 12:30, closed 11:00
 * - T3 Suporte: Mon 11:00, unanswered, open
 * - T4 Suporte: Mon 12:50, answered 13:40
 * - T5 Financeiro: Mon 10:00, answered 10:05
 * - T6 no queue: Mon 09:30, closed 09:45 unanswered
 * - T7 Suporte: Mon 09:00, closed 09:05 unanswered
 */
const tickets: MetricTicket[] = [
  ticket({
    queueId: 2,
    queueName: 'Vendas',
    closed: true,
    createdAt: '2026-03-09T12:00:00.000Z',
    firstResponseAt: '2026-03-09T12:20:00.000Z',
    closedAt: '2026-03-09T13:00:00.000Z',
    nextResponses: [{ from: '2026-03-09T12:30:00.000Z', to: '2026-03-09T12:40:00.000Z' }],
  }),
  ticket({
    queueId: 2,
    queueName: 'Vendas',
    closed: true,
    createdAt: '2026-03-06T20:50:00.000Z',
    firstResponseAt: '2026-03-09T12:10:00.000Z',
    closedAt: '2026-03-09T14:00:00.000Z',
    nextResponses: [{ from: '2026-03-09T12:15:00.000Z', to: '2026-03-09T15:30:00.000Z' }],
  }),
  ticket({ queueId: 3, queueName: 'Suporte', createdAt: '2026-03-09T14:00:00.000Z' }),
  ticket({
    queueId: 3,
    queueName: 'Suporte',
    createdAt: '2026-03-09T15:50:00.000Z',
    firstResponseAt: '2026-03-09T16:40:00.000Z',
  }),
  ticket({
    queueId: 4,
    queueName: 'Financeiro',
    createdAt: '2026-03-09T13:00:00.000Z',
    firstResponseAt: '2026-03-09T13:05:00.000Z',
  }),
  ticket({
    closed: true,
    createdAt: '2026-03-09T12:30:00.000Z',
    closedAt: '2026-03-09T12:45:00.000Z',
  }),
  ticket({
    queueId: 3,
    queueName: 'Suporte',
    closed: true,
    createdAt: '2026-03-09T12:00:00.000Z',
    closedAt: '2026-03-09T12:05:00.000Z',
  }),
];
const now = Date.parse('2026-03-09T16:45:00.000Z');
const targets = new Map([
  [2, 30],
  [3, 120],
  [5, 60],
]);
const names = new Map([
  [5, 'Cobrança'],
  [2, 'Vendas (old name)'],
]);

const measure = () => {
  const clockOf = businessClocks(
    {
      scheduleType: 'queue',
      company: office,
      queues: new Map([
        [
          4,
          [
            {
              weekdayEn: 'monday',
              startTimeA: '10:00',
              endTimeA: '10:03',
              startTimeB: '',
              endTimeB: '',
            },
          ],
        ],
      ]),
    },
    zone,
  );
  const tally = new ServiceMetricsTally(targets, now, names);
  for (const t of tickets) tally.add(t, clockOf(t.queueId));
  return tally;
};

describe('service metrics', () => {
  it('puts a first response in its bucket: 0–1 h, 1–4 h, 4–8 h, 8–24 h, 24 h+', () => {
    expect([0, 59, 60, 239, 240, 479, 480, 1_439, 1_440, 10_000].map(bucketIndexOf)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('takes the median as the middle value, or halfway between the two middle ones', () => {
    const tally = (values: number[]) => {
      const t = new MinutesTally();
      for (const v of values) t.add(v);
      return t.summary();
    };
    expect(tally([30, 10, 90, 600])).toEqual({ count: 4, avgMinutes: 182.5, medianMinutes: 60 });
    expect(tally([7, 7, 1])).toEqual({ count: 3, avgMinutes: 5, medianMinutes: 7 });
    expect(tally([1, 2])).toEqual({ count: 2, avgMinutes: 1.5, medianMinutes: 1.5 });
    expect(tally([])).toEqual({ count: 0, avgMinutes: 0, medianMinutes: 0 });
  });

  it('measures first response, next response and resolution on the wall clock and in business hours', () => {
    const reply = measure().reply();
    expect(reply.tickets).toBe(7);
    // T5 in Financeiro's own hours, the rest in the company's
    expect(reply.hoursBasis).toEqual({ queue: 1, company: 6, none: 0 });
    expect(reply.wallClock).toEqual({
      // T1 20, T2 3800 (Fri 17:50 → Mon 09:10), T4 50, T5 5: median (20 + 50) / 2
      firstResponse: { count: 4, avgMinutes: 968.75, medianMinutes: 35 },
      // T1 10, T2 195 (09:15 → 12:30)
      nextResponse: { count: 2, avgMinutes: 102.5, medianMinutes: 102.5 },
      // T1 60, T2 3910, T6 15, T7 5: median (15 + 60) / 2
      resolution: { count: 4, avgMinutes: 997.5, medianMinutes: 37.5 },
      firstResponseDistribution: [
        { bucket: '0-1h', count: 3, percent: 75 },
        { bucket: '1-4h', count: 0, percent: 0 },
        { bucket: '4-8h', count: 0, percent: 0 },
        { bucket: '8-24h', count: 0, percent: 0 },
        { bucket: '24h+', count: 1, percent: 25 },
      ],
    });
    expect(reply.businessHours).toEqual({
      // T1 20, T2 20 (Fri 17:50–18:00 + Mon 09:00–09:10), T4 40 (13:00–13:40), T5 3 (10:00–10:03)
      firstResponse: { count: 4, avgMinutes: 20.75, medianMinutes: 20 },
      // T1 10, T2 165 (09:15–12:00; the lunch break does not count)
      nextResponse: { count: 2, avgMinutes: 87.5, medianMinutes: 87.5 },
      // T1 60, T2 130 (10 on Friday + 09:00–11:00), T6 15, T7 5: median (15 + 60) / 2
      resolution: { count: 4, avgMinutes: 52.5, medianMinutes: 37.5 },
      firstResponseDistribution: [
        { bucket: '0-1h', count: 4, percent: 100 },
        { bucket: '1-4h', count: 0, percent: 0 },
        { bucket: '4-8h', count: 0, percent: 0 },
        { bucket: '8-24h', count: 0, percent: 0 },
        { bucket: '24h+', count: 0, percent: 0 },
      ],
    });
  });

  it('gives each queue its share answered within its target, and the overall share', () => {
    expect(measure().reply().sla).toEqual({
      queues: [
        {
          // a target and no ticket: nothing measured
          queueId: 5,
          queueName: 'Cobrança',
          targetMinutes: 60,
          tickets: 0,
          wallClock: { measured: 0, withinTarget: 0, percent: 0 },
          businessHours: { measured: 0, withinTarget: 0, percent: 0 },
        },
        {
          queueId: 4,
          queueName: 'Financeiro',
          targetMinutes: null,
          tickets: 1,
          wallClock: null,
          businessHours: null,
        },
        {
          // T3 unanswered 165 wall minutes (late) but 105 business minutes (not known yet);
          // T4 50 / 40 (within); T7 closed unanswered (late)
          queueId: 3,
          queueName: 'Suporte',
          targetMinutes: 120,
          tickets: 3,
          wallClock: { measured: 3, withinTarget: 1, percent: 33 },
          businessHours: { measured: 2, withinTarget: 1, percent: 50 },
        },
        {
          // T1 20 (within); T2 3800 wall minutes (late) but 20 business minutes (within)
          queueId: 2,
          queueName: 'Vendas',
          targetMinutes: 30,
          tickets: 2,
          wallClock: { measured: 2, withinTarget: 1, percent: 50 },
          businessHours: { measured: 2, withinTarget: 2, percent: 100 },
        },
      ],
      // queues with a target: 5 tickets; wall 2 of 5, business 3 of 4
      overall: {
        tickets: 5,
        wallClock: { measured: 5, withinTarget: 2, percent: 40 },
        businessHours: { measured: 4, withinTarget: 3, percent: 75 },
      },
    });
  });

  it('keeps the SLA panel to the filtered queue', () => {
    const { sla } = measure().reply(3);
    expect(sla.queues.map((q) => q.queueId)).toEqual([3]);
    expect(sla.overall).toEqual({
      tickets: 3,
      wallClock: { measured: 3, withinTarget: 1, percent: 33 },
      businessHours: { measured: 2, withinTarget: 1, percent: 50 },
    });
  });

  it('counts business hours as the wall clock when no hours are set', () => {
    const clockOf = businessClocks(
      { scheduleType: 'disabled', company: [], queues: new Map() },
      zone,
    );
    const tally = new ServiceMetricsTally(new Map(), now);
    tally.add(tickets[1]!, clockOf(2));
    const reply = tally.reply();
    expect(reply.hoursBasis).toEqual({ queue: 0, company: 0, none: 1 });
    expect(reply.businessHours).toEqual(reply.wallClock);
    expect(reply.businessHours.firstResponse.avgMinutes).toBe(3_800);
  });

  it('says a ticket is within, late or not known yet against a target', () => {
    const open = ticket({ createdAt: '2026-03-09T12:00:00.000Z' });
    expect(slaOutcome(open, 30, wallClockMinutes, ms('2026-03-09T12:30:00.000Z')!)).toBe('pending');
    expect(slaOutcome(open, 30, wallClockMinutes, ms('2026-03-09T12:31:00.000Z')!)).toBe('late');
    const answered = { ...open, firstResponseAt: ms('2026-03-09T12:30:00.000Z') };
    expect(slaOutcome(answered, 30, wallClockMinutes, now)).toBe('within');
    expect(slaOutcome(answered, 29, wallClockMinutes, now)).toBe('late');
    expect(slaOutcome({ ...open, closed: true }, 30, wallClockMinutes, open.createdAt)).toBe(
      'late',
    );
  });
});
