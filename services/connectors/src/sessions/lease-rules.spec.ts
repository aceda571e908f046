import { epochAllows, fairShare, StaleLeaseError } from './lease-rules.js';

describe('lease rules', () => {
  it('fair share is ceil(sessions / live workers)', () => {
    expect(fairShare(10, 3)).toBe(4);
    expect(fairShare(9, 3)).toBe(3);
    expect(fairShare(1, 3)).toBe(1);
    expect(fairShare(0, 3)).toBe(0);
    expect(fairShare(5, 0)).toBe(5);
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
