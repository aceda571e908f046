import { redeliveryDelayMs } from './bus.types.js';
import { matchesAny, subjectMatches } from './subject-match.js';

describe('subjectMatches', () => {
  it.each([
    ['evt.>', 'evt.1.tickets.ticket.updated', true],
    ['evt.>', 'evt', false],
    ['evt.*.identity.>', 'evt.7.identity.user.updated', true],
    ['evt.*.identity.>', 'evt.7.tickets.ticket.updated', false],
    ['evt.*', 'evt.1', true],
    ['evt.*', 'evt.1.x', false],
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.b', 'a.b.c', false],
    ['a.>.c', 'a.b.c', false],
    ['*.health.check', 'identity.health.check', true],
  ])('%s vs %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it('matches any of several filters', () => {
    expect(matchesAny(['evt.*.a.>', 'evt.*.b.>'], 'evt.1.b.x.y')).toBe(true);
    expect(matchesAny(['evt.*.a.>'], 'evt.1.b.x.y')).toBe(false);
  });
});

describe('redeliveryDelayMs', () => {
  it('doubles from 200 ms and caps at 30 s', () => {
    expect([1, 2, 3].map(redeliveryDelayMs)).toEqual([200, 400, 800]);
    expect(redeliveryDelayMs(30)).toBe(30_000);
  });
});
