import { createHash } from 'node:crypto';

/**
 * Limits per account (not per IP): failures for one account from any number of addresses. `free`
 * failures pass; each one after that locks the account for `baseMs` doubled per extra failure, at
 * most `maxMs`. A failure older than `forgetAfterMs` starts the count again; a success clears it.
 */
export type ThrottlePolicy = {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetAfterMs: number;
};

/** What is throttled: failed logins per email, password reset requests per phone number. */
export type ThrottleKind = 'login' | 'reset';

/** Failed logins: 5 free, then 1 s, 2 s, 4 s … up to 15 min; forgotten after an hour. */
export const LoginThrottle: ThrottlePolicy = {
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/**
 * Reset codes sent to one number: every request counts, so 3 go out, the third starts a wait of 1 min,
 * then 2 min … up to an hour; forgotten after a day.
 */
export const ResetRequestThrottle: ThrottlePolicy = {
  free: 2,
  baseMs: 60_000,
  maxMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** How long the account stays locked after its `failures`-th failure in a row (0: not locked). */
export const lockAfter = (failures: number, policy: ThrottlePolicy): number => {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  // 2^(over-1) grows past any cap quickly: stop doubling once it is reached
  const exponent = Math.min(over - 1, 40);
  return Math.min(policy.baseMs * 2 ** exponent, policy.maxMs);
};

/** The same account however it is typed: trimmed, lower case. */
export const normaliseAccountKey = (kind: ThrottleKind, value: string): string =>
  kind === 'login' ? value.trim().toLowerCase() : value.replace(/\D/g, '');

/**
 * The stored key: a hash, so the table never holds the emails or numbers people typed (most failed
 * logins name no account at all).
 */
export const accountKeyHash = (kind: ThrottleKind, value: string): string =>
  createHash('sha256')
    .update(`${kind}:${normaliseAccountKey(kind, value)}`)
    .digest('hex');
