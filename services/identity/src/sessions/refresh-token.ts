import { createHash, randomBytes } from 'node:crypto';

/** A new opaque refresh token: 256 random bits, URL-safe (it travels in a cookie). */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token: a leaked table must not hand out live sessions. */
export const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
