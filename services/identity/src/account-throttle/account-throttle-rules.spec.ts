import {
  accountKeyHash,
  lockAfter,
  LoginThrottle,
  normaliseAccountKey,
  ResetRequestThrottle,
} from './account-throttle-rules.js';

describe('lockAfter: exponential backoff per account', () => {
  it('lets the free failures pass, then doubles from 1 s up to 15 min for logins', () => {
    const locks = Array.from({ length: 18 }, (_, i) => lockAfter(i + 1, LoginThrottle));
    expect(locks.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(locks.slice(5, 10)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(locks[14]).toBe(512_000);
    expect(locks[15]).toBe(900_000);
    expect(locks[17]).toBe(900_000);
    expect(lockAfter(10_000, LoginThrottle)).toBe(900_000);
  });

  it('limits reset codes per number: the third starts a wait of a minute, doubling up to an hour', () => {
    expect(lockAfter(2, ResetRequestThrottle)).toBe(0);
    expect(lockAfter(3, ResetRequestThrottle)).toBe(60_000);
    expect(lockAfter(4, ResetRequestThrottle)).toBe(120_000);
    expect(lockAfter(20, ResetRequestThrottle)).toBe(3_600_000);
  });
});

describe('account keys', () => {
  it('treats case and spaces of an email, and the punctuation of a number, as the same account', () => {
    expect(normaliseAccountKey('login', '  Ana@Example.COM ')).toBe('ana@example.com');
    expect(accountKeyHash('login', 'Ana@Example.com')).toBe(
      accountKeyHash('login', 'ana@example.com '),
    );
    expect(normaliseAccountKey('reset', '+55 (11) 99999-0000')).toBe('5511999990000');
  });

  it('keeps login and reset keys apart and stores no clear text', () => {
    expect(accountKeyHash('login', '5511')).not.toBe(accountKeyHash('reset', '5511'));
    expect(accountKeyHash('login', 'ana@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
