import { RecentEventIds } from './recent-event-ids.js';

describe('RecentEventIds', () => {
  it('lets an id through once', () => {
    const recent = new RecentEventIds();
    expect([recent.firstTime('a'), recent.firstTime('b'), recent.firstTime('a')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('remembers the last ids only, forgetting the oldest first', () => {
    const recent = new RecentEventIds(2);
    recent.firstTime('a');
    recent.firstTime('b');
    recent.firstTime('c');
    expect(recent.firstTime('b')).toBe(false);
    expect(recent.firstTime('c')).toBe(false);
    expect(recent.firstTime('a')).toBe(true);
  });
});
