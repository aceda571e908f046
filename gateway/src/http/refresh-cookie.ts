import type { Response } from 'express';
import { RefreshCookie } from '@sb/contracts';

const sevenDaysMs = 7 * 24 * 60 * 60 * 1000;

/** The refresh token lives only here: httpOnly, sameSite lax, path /auth, never in a body. */
export const setRefreshCookie = (
  res: Response,
  session: { refreshToken: string; refreshExpiresAt?: string },
  secure: boolean,
): void => {
  const expiresAt = session.refreshExpiresAt ? Date.parse(session.refreshExpiresAt) : NaN;
  const maxAge = Number.isNaN(expiresAt) ? sevenDaysMs : Math.max(0, expiresAt - Date.now());
  res.cookie(RefreshCookie.name, session.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: RefreshCookie.path,
    maxAge,
  });
};

export const clearRefreshCookie = (res: Response, secure: boolean): void => {
  res.clearCookie(RefreshCookie.name, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: RefreshCookie.path,
  });
};

export const refreshCookieOf = (cookies: unknown): string | undefined => {
  const value = (cookies as Record<string, unknown> | undefined)?.[RefreshCookie.name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};
