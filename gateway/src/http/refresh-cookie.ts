import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
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

/**
 * The refresh token from a Cookie header: the one cookie the gateway reads, so a few lines here rather
 * than a cookie-parsing package. The first `jrt` counts; its value is URI-decoded as res.cookie encoded it.
 */
export const refreshCookieOf = (header: string | undefined): string | undefined => {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== RefreshCookie.name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return value || undefined;
  }
  return undefined;
};

/**
 * The budget key of POST /auth/refresh_token: the session's refresh cookie (hashed, never kept as is),
 * so the tabs and reloads of many users behind one address do not share a budget; a call without the
 * cookie counts for its address.
 */
export const refreshBudgetKey = (req: Request, clientIp: string): string => {
  const token = refreshCookieOf(req.headers.cookie);
  return token
    ? `session:${createHash('sha256').update(token).digest('base64url').slice(0, 32)}`
    : `ip:${clientIp}`;
};
