import {
  epochAllows,
  fairShare,
  handoverCount,
  planRound,
  StaleLeaseError,
} from './lease-rules.js';

describe('lease rules', () => {
  it('fair share is ceil(sessions / live workers)', () => {
    expect(fairShare(10, 3)).toBe(4);
    expect(fairShare(9, 3)).toBe(3);
    expect(fairShare(1, 3)).toBe(1);
    expect(fairShare(0, 3)).toBe(0);
    expect(fairShare(5, 0)).toBe(5);
  });

  it('plans a round: hand over the excess above the share, or claim up to it', () => {
    // a second worker joined: the first holds all 30
    expect(planRound(30, 30, 2)).toEqual({ share: 15, excess: 15, claim: 0 });
    expect(planRound(0, 30, 2)).toEqual({ share: 15, excess: 0, claim: 15 });
    // balanced within the rounding of the share: nothing moves (10 over 3 workers: 4, 4, 2)
    expect(planRound(4, 10, 3)).toEqual({ share: 4, excess: 0, claim: 0 });
    expect(planRound(2, 10, 3)).toEqual({ share: 4, excess: 0, claim: 2 });
    // a worker died: the two left claim its sessions up to the new share at once
    expect(planRound(10, 30, 2)).toEqual({ share: 15, excess: 0, claim: 5 });
  });

  it('hands over no more than the cluster-wide allowance of the period', () => {
    expect(handoverCount(15, 5, 0)).toBe(5);
    expect(handoverCount(15, 5, 3)).toBe(2);
    expect(handoverCount(15, 5, 5)).toBe(0);
    expect(handoverCount(15, 5, 7)).toBe(0);
    expect(handoverCount(2, 5, 0)).toBe(2);
    expect(handoverCount(0, 5, 0)).toBe(0);
  });

  it('converges to the fair share in ceil(moved / allowance) rounds when a worker joins', () => {
    // Rounds of the pure rules: each round every worker plans in turn against the shared allowance;
    // what is handed over is free for the next worker below its share to claim.
    const perRound = 5;
    const held = new Map([
      ['a', 60],
      ['b', 60],
    ]);
    held.set('c', 0); // joins
    const sessions = 120;
    let free = 0;
    const movesPerRound: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      let handedOver = 0;
      for (const [worker, count] of held) {
        const plan = planRound(count, sessions, held.size);
        const give = handoverCount(plan.excess, perRound, handedOver);
        handedOver += give;
        free += give;
        const take = Math.min(plan.claim, free);
        free -= take;
        held.set(worker, count - give + take);
      }
      movesPerRound.push(handedOver);
      if ([...held.values()].every((count) => count === 40)) break;
    }
    expect(Math.max(...movesPerRound)).toBeLessThanOrEqual(perRound);
    expect([...held.values()]).toEqual([40, 40, 40]);
    expect(movesPerRound).toHaveLength(Math.ceil(40 / perRound));
  });

  it('lets a writer write only while the stored epoch is not newer', () => {
    expect(epochAllows(3n, 3n)).toBe(true);
    expect(epochAllows(2n, 3n)).toBe(true);
    expect(epochAllows(4n, 3n)).toBe(false);
    expect(epochAllows(null, 3n)).toBe(false);
  });

  it('names both epochs in the stale lease error', () => {
    expect(new StaleLeaseError(7, 1n, 2n).message).toContain('writer epoch 1, stored 2');
  });
});
