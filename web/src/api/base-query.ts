import { ApiRoutes, type AuthResult } from '@sb/contracts';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { storeToken, storedToken } from '../lib/browser-storage.js';
import { apiUrl } from '../app/runtime-config.js';
import { loggedIn, loggedOut } from '../features/auth/session.slice.js';
import {
  isMaintenanceAnswer,
  maintenanceStarted,
  retryAfterSeconds,
} from '../features/maintenance/maintenance.slice.js';

type FetchFn = typeof fetch;

const RefreshPath = ApiRoutes.auth.refresh;
const LoginPath = ApiRoutes.auth.login;

const rawQuery = (fetchFn?: FetchFn) =>
  fetchBaseQuery({
    baseUrl: apiUrl(),
    credentials: 'include',
    fetchFn,
    prepareHeaders: (headers) => {
      const token = storedToken();
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });

/** The refresh was refused because the company is fenced: the session is kept, the user waits. */
export type MaintenanceReply = { maintenance: true; retryAfter: number };

export const isMaintenanceReply = (value: unknown): value is MaintenanceReply =>
  typeof value === 'object' && value !== null && 'maintenance' in value;

let refreshing: Promise<AuthResult | MaintenanceReply | null> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. Single flight: the refresh token rotates on every
 * use and a reused one revokes the session, so concurrent callers must share one request. A fenced
 * company's refresh answers `MaintenanceReply` (identity did not rotate the token: it stays good).
 */
export const refreshSession = (fetchFn: FetchFn = (...args) => fetch(...args)) => {
  refreshing ??= (async () => {
    try {
      const response = await fetchFn(`${apiUrl()}${RefreshPath}`, {
        method: 'POST',
        credentials: 'include',
      });
      if (response.status === 503) {
        const body: unknown = await response.json().catch(() => undefined);
        if (isMaintenanceAnswer(503, body)) {
          return {
            maintenance: true,
            retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
          };
        }
      }
      if (!response.ok) return null;
      const result = (await response.json()) as AuthResult;
      storeToken(result.token);
      return result;
    } catch {
      return null;
    } finally {
      queueMicrotask(() => {
        refreshing = null;
      });
    }
  })();
  return refreshing;
};

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * The base query of every endpoint (spec 1 §4 Session): bearer token from localStorage and the refresh
 * cookie; a 403 refreshes the token once and retries once; a 401 clears the token and logs out; a
 * fenced company's 503 shows the maintenance screen (the session stays).
 */
export const createBaseQuery =
  (fetchFn?: FetchFn): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> =>
  async (args, api, extraOptions) => {
    const url = urlOf(args);
    let result = await rawQuery(fetchFn)(args, api, extraOptions);

    if (result.error?.status === 403 && url !== RefreshPath && url !== LoginPath && storedToken()) {
      const refreshed = await refreshSession(fetchFn);
      if (isMaintenanceReply(refreshed)) {
        api.dispatch(maintenanceStarted({ retryAfter: refreshed.retryAfter }));
        return result;
      }
      if (!refreshed) {
        storeToken(null);
        api.dispatch(loggedOut());
        return result;
      }
      api.dispatch(loggedIn(refreshed));
      result = await rawQuery(fetchFn)(args, api, extraOptions);
    }

    // the company is fenced (an export, a move): the app shows the maintenance screen until it ends
    if (isMaintenanceAnswer(result.error?.status, result.error?.data)) {
      const header = result.meta?.response?.headers.get('Retry-After');
      api.dispatch(maintenanceStarted({ retryAfter: retryAfterSeconds(header) }));
    }

    // A wrong password is a 401 too; only a call made with a session means the session is gone.
    if (result.error?.status === 401 && url !== LoginPath) {
      storeToken(null);
      api.dispatch(loggedOut());
    }
    return result;
  };
