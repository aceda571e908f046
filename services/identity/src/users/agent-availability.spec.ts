import { availableAgentsByQueue, type QueueMember } from './agent-availability.js';

const SP = 'America/Sao_Paulo';
// 14:00 in São Paulo (UTC-3)
const at = new Date('2025-06-10T17:00:00Z');
const seen = new Date(at.getTime() - 60_000);

const member = (over: Partial<QueueMember> & { id: number }): QueueMember => ({
  online: true,
  lastSeenAt: seen,
  startWork: '00:00',
  endWork: '23:59',
  queueIds: [1],
  ...over,
});

const of = (members: QueueMember[], queueIds = [1], when = at, timeZone = SP) =>
  Object.fromEntries(availableAgentsByQueue(members, queueIds, when, timeZone));

describe('availableAgentsByQueue', () => {
  it('lists the online members of each asked queue, ids ascending', () => {
    const members = [
      member({ id: 9, queueIds: [1, 2] }),
      member({ id: 3, queueIds: [1] }),
      member({ id: 5, queueIds: [2, 7] }),
    ];
    expect(of(members, [1, 2])).toEqual({ 1: [3, 9], 2: [5, 9] });
  });

  it('answers every asked queue, empty when nobody is available', () => {
    expect(of([member({ id: 1, queueIds: [4] })], [1, 2])).toEqual({ 1: [], 2: [] });
  });

  it('leaves out members flagged offline or not seen within the online window', () => {
    const members = [
      member({ id: 1, online: false }),
      member({ id: 2, lastSeenAt: new Date(at.getTime() - 7 * 60_000) }),
      member({ id: 3, lastSeenAt: null }),
      member({ id: 4, lastSeenAt: new Date(at.getTime() - 5 * 60_000) }),
    ];
    expect(of(members)).toEqual({ 1: [4] });
  });

  it('reads the working window on the company wall clock', () => {
    // the same instant is 14:00 in São Paulo and 17:00 in UTC
    const members = [
      member({ id: 1, startWork: '08:00', endWork: '18:00' }),
      member({ id: 2, startWork: '08:00', endWork: '16:00' }),
      member({ id: 3, startWork: '15:00', endWork: '18:00' }),
    ];
    expect(of(members)).toEqual({ 1: [1, 2] });
    expect(of(members, [1], at, 'UTC')).toEqual({ 1: [1, 3] });
  });

  it('treats a window whose end is before its start as one over midnight', () => {
    const nightAt = (iso: string) => {
      const when = new Date(iso);
      const night = member({ id: 1, startWork: '22:00', endWork: '06:00', lastSeenAt: when });
      return of([night], [1], when)[1];
    };
    // 23:30 and 05:59 in São Paulo are inside, 06:01 and 14:00 outside
    expect(nightAt('2025-06-11T02:30:00Z')).toEqual([1]);
    expect(nightAt('2025-06-11T08:59:00Z')).toEqual([1]);
    expect(nightAt('2025-06-11T09:01:00Z')).toEqual([]);
    expect(nightAt('2025-06-10T17:00:00Z')).toEqual([]);
  });

  it('counts presence at the asked time, not the machine clock', () => {
    const later = new Date(at.getTime() + 10 * 60_000);
    expect(of([member({ id: 1 })], [1], later)).toEqual({ 1: [] });
  });
});
