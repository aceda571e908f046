import type { SlaReport } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { shareView, slaRowsOf, targetOf } from './sla-rows.js';

const share = (measured: number, withinTarget: number, percent: number) => ({
  measured,
  withinTarget,
  percent,
});
const sla: SlaReport = {
  queues: [
    {
      queueId: 2,
      queueName: 'Vendas (old)',
      targetMinutes: 30,
      tickets: 4,
      wallClock: share(4, 3, 75),
      businessHours: share(4, 4, 100),
    },
    {
      queueId: 9,
      queueName: 'Antiga',
      targetMinutes: null,
      tickets: 1,
      wallClock: null,
      businessHours: null,
    },
  ],
  overall: { tickets: 4, wallClock: share(4, 3, 75), businessHours: share(4, 4, 100) },
};
const queues = [
  { id: 3, name: 'Suporte' },
  { id: 2, name: 'Vendas' },
];

describe('SLA panel rows', () => {
  it("lists every queue by name, with the server's figures or none, and queues only the server knows", () => {
    expect(slaRowsOf(queues, sla).map((row) => [row.queueId, row.queueName, row.tickets])).toEqual([
      [9, 'Antiga', 1],
      [3, 'Suporte', 0],
      [2, 'Vendas', 4],
    ]);
    expect(slaRowsOf(queues, sla)[1]).toMatchObject({ targetMinutes: null, wallClock: null });
  });

  it('keeps the filtered queue only', () => {
    expect(slaRowsOf(queues, sla, 3).map((row) => row.queueId)).toEqual([3]);
  });

  it('reads a share as no target, nothing measured yet, or its figures', () => {
    expect(shareView(null)).toEqual({ kind: 'noTarget' });
    expect(shareView(share(0, 0, 0))).toEqual({ kind: 'none' });
    expect(shareView(share(4, 3, 75))).toEqual({ kind: 'share', share: share(4, 3, 75) });
  });

  it('takes a target of whole minutes within the limits', () => {
    expect(
      ['30', ' 45 ', '0', '-5', '1.5', 'abc', '', '43201'].map((t) => targetOf(t, 43_200)),
    ).toEqual([30, 45, null, null, null, null, null, null]);
  });
});
