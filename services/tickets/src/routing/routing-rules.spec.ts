import { nextAgent, planRouting, randomAgent, type RoutableTicket } from './routing-rules.js';

const now = new Date('2025-06-10T17:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

const waiting: RoutableTicket = {
  id: 1,
  queueId: 7,
  userId: null,
  routedUserId: null,
  routedAt: null,
};
const routed = (userId: number, minutes: number): RoutableTicket => ({
  ...waiting,
  userId,
  routedUserId: userId,
  routedAt: minutesAgo(minutes),
});
const plain = { ativarRoteador: false, tempoRoteador: 0 };
const rotating = { ativarRoteador: true, tempoRoteador: 5 };
const first = () => 0;

describe('randomAgent', () => {
  it('picks by the random draw over the whole list', () => {
    expect(randomAgent([4, 8, 9], () => 0)).toBe(4);
    expect(randomAgent([4, 8, 9], () => 0.5)).toBe(8);
    expect(randomAgent([4, 8, 9], () => 0.999999)).toBe(9);
  });

  it('has nobody to pick from an empty list', () => {
    expect(randomAgent([], Math.random)).toBeNull();
  });
});

describe('nextAgent', () => {
  it('takes the next id after the current one, wrapping around', () => {
    expect(nextAgent([3, 5, 9], 3)).toBe(5);
    expect(nextAgent([3, 5, 9], 5)).toBe(9);
    expect(nextAgent([3, 5, 9], 9)).toBe(3);
  });

  it('continues after the current agent even when they went away', () => {
    expect(nextAgent([3, 9], 5)).toBe(9);
    expect(nextAgent([3], 5)).toBe(3);
  });

  it('keeps the current agent when alone, and nobody when nobody is there', () => {
    expect(nextAgent([5], 5)).toBe(5);
    expect(nextAgent([], 5)).toBeNull();
  });
});

describe('planRouting', () => {
  it('gives a waiting ticket a random agent when userRandom is on', () => {
    expect(planRouting(waiting, plain, true, [2, 6], now, () => 0.7)).toEqual({
      kind: 'assign',
      userId: 6,
    });
  });

  it('gives a waiting ticket of a rotating queue an agent without userRandom', () => {
    expect(planRouting(waiting, rotating, false, [2, 6], now, first)).toEqual({
      kind: 'assign',
      userId: 2,
    });
  });

  it('leaves waiting tickets alone with neither userRandom nor rotation', () => {
    expect(planRouting(waiting, plain, false, [2, 6], now, first)).toBeNull();
    // a router without a rotation time does not rotate, nor assign
    expect(
      planRouting(waiting, { ativarRoteador: true, tempoRoteador: 0 }, false, [2], now, first),
    ).toBeNull();
  });

  it('waits while no agent is available', () => {
    expect(planRouting(waiting, rotating, true, [], now, first)).toBeNull();
  });

  it('moves a routed ticket to the next agent once tempoRoteador minutes passed', () => {
    expect(planRouting(routed(2, 4), rotating, false, [2, 6], now, first)).toBeNull();
    expect(planRouting(routed(2, 5), rotating, false, [2, 6], now, first)).toEqual({
      kind: 'rotate',
      userId: 6,
    });
    expect(planRouting(routed(6, 30), rotating, false, [2, 6], now, first)).toEqual({
      kind: 'rotate',
      userId: 2,
    });
  });

  it('keeps the ticket with its agent when nobody else is available', () => {
    expect(planRouting(routed(2, 10), rotating, false, [2], now, first)).toBeNull();
    expect(planRouting(routed(2, 10), rotating, false, [], now, first)).toBeNull();
  });

  it('does not rotate in a queue without rotation (userRandom assigns once)', () => {
    expect(planRouting(routed(2, 60), plain, true, [2, 6], now, first)).toBeNull();
  });

  it('does not move a ticket a person gave to an agent', () => {
    const transferred: RoutableTicket = { ...routed(2, 60), userId: 9 };
    expect(planRouting(transferred, rotating, false, [2, 6, 9], now, first)).toBeNull();
    const neverRouted: RoutableTicket = { ...waiting, userId: 9 };
    expect(planRouting(neverRouted, rotating, true, [2, 6, 9], now, first)).toBeNull();
  });
});
