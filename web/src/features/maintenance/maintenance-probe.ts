import { ApiRoutes, type AuthResult } from '@sb/contracts';
import { isMaintenanceReply, refreshSession } from '../../api/base-query.js';
import { apiUrl } from '../../app/runtime-config.js';
import { storedToken } from '../../lib/browser-storage.js';
import { isMaintenanceAnswer, retryAfterSeconds } from './maintenance.slice.js';

/**
 * What one check found: the company is open again (with the new session when the token had to be
 * refreshed), or still fenced (with the wait the gateway asked for).
 */
export type ProbeOutcome =
  { open: true; session?: AuthResult } | { open: false; retryAfter?: number };

type FetchFn = typeof fetch;

/**
 * Asks the gateway whether the company is open again: `GET /auth/me` with the stored token; an expired
 * token is refreshed first (a fenced company's refresh is refused without rotating the token). A
 * network failure or another error counts as still closed: the next check tries again.
 */
export const probeCompany = async (
  fetchFn: FetchFn = (...args) => fetch(...args),
): Promise<ProbeOutcome> => {
  const token = storedToken();
  if (!token) return refreshProbe(fetchFn);
  try {
    const response = await fetchFn(`${apiUrl()}${ApiRoutes.auth.me}`, {
      headers: { authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    if (response.ok) return { open: true };
    if (response.status === 403) return refreshProbe(fetchFn);
    const body: unknown = await response.json().catch(() => undefined);
    if (isMaintenanceAnswer(response.status, body)) {
      return { open: false, retryAfter: retryAfterSeconds(response.headers.get('Retry-After')) };
    }
    // a 401 (the session ended meanwhile) opens the app, which then asks for a login
    return response.status === 401 ? { open: true } : { open: false };
  } catch {
    return { open: false };
  }
};

/** A page load during maintenance, or an expired token: the refresh says whether the fence lifted. */
export const refreshProbe = async (fetchFn?: FetchFn): Promise<ProbeOutcome> => {
  const refreshed = await refreshSession(fetchFn);
  if (isMaintenanceReply(refreshed)) return { open: false, retryAfter: refreshed.retryAfter };
  return refreshed ? { open: true, session: refreshed } : { open: true };
};
