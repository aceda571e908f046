import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ResetMaxAttempts } from '@sb/contracts';

/** A uniformly random 6-digit code, leading zeros kept. */
export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const newCodeSalt = (): string => randomBytes(16).toString('hex');

/**
 * HMAC-SHA256 keyed by the service secret over the row's salt and the code: a stolen table alone
 * cannot be brute-forced over the million possible codes.
 */
export const hashResetCode = (key: string, salt: string, code: string): string =>
  createHmac('sha256', key).update(`${salt}:${code}`).digest('hex');

export const codeMatches = (key: string, salt: string, code: string, stored: string): boolean => {
  const actual = Buffer.from(hashResetCode(key, salt, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

export const newResetToken = (): string => randomBytes(32).toString('base64url');
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export type ResetState = {
  userId: number | null;
  attempts: number;
  expiresAt: Date;
  verifiedAt: Date | null;
  usedAt: Date | null;
};

export type VerifyDecision =
  | { kind: 'verified' }
  | { kind: 'wrong'; attempts: number; exceeded: boolean }
  | { kind: 'exceeded' }
  | { kind: 'invalid' };

/**
 * One code attempt: spent, expired or already verified requests are invalid; the third wrong code
 * (and anything after it) is "attempts exceeded". A request without an account never verifies.
 */
export const decideVerify = (
  state: ResetState,
  codeIsRight: boolean,
  now: Date,
): VerifyDecision => {
  if (state.attempts >= ResetMaxAttempts) return { kind: 'exceeded' };
  if (state.usedAt || state.verifiedAt || state.expiresAt.getTime() <= now.getTime()) {
    return { kind: 'invalid' };
  }
  if (codeIsRight && state.userId !== null) return { kind: 'verified' };
  const attempts = state.attempts + 1;
  return { kind: 'wrong', attempts, exceeded: attempts >= ResetMaxAttempts };
};
