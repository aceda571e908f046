import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../test/session-user.js';
import { createBaseQuery } from './base-query.js';

type Reply = { status: number; body?: unknown };

/** A fetch that answers from a script per path and records every call with its bearer token. */
const fakeFetch = (script: Record<string, Reply[]>) => {
  const calls: { path: string; method: string; authorization: string | null }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    calls.push({
      path,
      method: request.method,
      authorization: request.headers.get('authorization'),
    });
    const reply = script[path]?.shift() ?? { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
};

const apiStub = () => {
  const dispatch = vi.fn();
  const api = {
    dispatch,
    getState: () => ({}),
    signal: new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  } as unknown as BaseQueryApi;
  return { api, dispatched: () => dispatch.mock.calls.map(([action]) => action.type) };
};

const user = sessionUser();

describe('base query session handling (spec 1 §4)', () => {
  afterEach(() => window.localStorage.clear());

  it('sends the stored token as a bearer header', async () => {
    window.localStorage.setItem('token', 'T1');
    const { fetchFn, calls } = fakeFetch({ '/auth/me': [{ status: 200, body: user }] });
    const { api } = apiStub();
    const result = await createBaseQuery(fetchFn)('/auth/me', api, {});
    expect(result.data).toEqual(user);
    expect(calls[0]).toMatchObject({ path: '/auth/me', authorization: 'Bearer T1' });
  });

  it('on 403 refreshes the token once and retries the call once with the new token', async () => {
    window.localStorage.setItem('token', 'OLD');
    const { fetchFn, calls } = fakeFetch({
      '/auth/me': [
        { status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } },
        { status: 200, body: user },
      ],
      '/auth/refresh_token': [{ status: 200, body: { token: 'NEW', user } }],
    });
    const { api, dispatched } = apiStub();
    const result = await createBaseQuery(fetchFn)('/auth/me', api, {});
    expect(result.data).toEqual(user);
    expect(calls.map((call) => call.path)).toEqual(['/auth/me', '/auth/refresh_token', '/auth/me']);
    expect(calls[2]?.authorization).toBe('Bearer NEW');
    expect(window.localStorage.getItem('token')).toBe('NEW');
    expect(dispatched()).toEqual(['session/loggedIn']);
  });

  it('does not loop when the retried call answers 403 again', async () => {
    window.localStorage.setItem('token', 'OLD');
    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    const { fetchFn, calls } = fakeFetch({
      '/users/9': [denied, denied, denied],
      '/auth/refresh_token': [{ status: 200, body: { token: 'NEW', user } }],
    });
    const { api } = apiStub();
    const result = await createBaseQuery(fetchFn)(
      { url: '/users/9', method: 'PUT', body: {} },
      api,
      {},
    );
    expect(result.error?.status).toBe(403);
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/users/9')).toHaveLength(2);
  });

  it('on 401 clears the token and logs out', async () => {
    window.localStorage.setItem('token', 'REVOKED');
    const { fetchFn } = fakeFetch({
      '/auth/me': [{ status: 401, body: { error: 'ERR_INVALID_TOKEN' } }],
    });
    const { api, dispatched } = apiStub();
    const result = await createBaseQuery(fetchFn)('/auth/me', api, {});
    expect(result.error?.status).toBe(401);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(dispatched()).toEqual(['session/loggedOut']);
  });

  it('logs out when the refresh after a 403 is refused', async () => {
    window.localStorage.setItem('token', 'OLD');
    const { fetchFn } = fakeFetch({
      '/auth/me': [{ status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } }],
      '/auth/refresh_token': [{ status: 401, body: { error: 'ERR_INVALID_TOKEN' } }],
    });
    const { api, dispatched } = apiStub();
    await createBaseQuery(fetchFn)('/auth/me', api, {});
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(dispatched()).toEqual(['session/loggedOut']);
  });

  it('a fenced company shows the maintenance screen and keeps the session', async () => {
    window.localStorage.setItem('token', 'T1');
    const fenced = { status: 503, body: { error: 'ERR_COMPANY_MAINTENANCE', message: 'moving' } };
    const { fetchFn } = fakeFetch({ '/tags': [fenced] });
    const { api, dispatched } = apiStub();
    const result = await createBaseQuery(fetchFn)('/tags', api, {});
    expect(result.error?.status).toBe(503);
    expect(dispatched()).toEqual(['maintenance/maintenanceStarted']);
    expect(window.localStorage.getItem('token')).toBe('T1');
  });

  it('keeps the session when the refresh after a 403 is refused for maintenance', async () => {
    window.localStorage.setItem('token', 'OLD');
    const { fetchFn } = fakeFetch({
      '/auth/me': [{ status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } }],
      '/auth/refresh_token': [
        { status: 503, body: { error: 'ERR_COMPANY_MAINTENANCE', message: 'moving' } },
      ],
    });
    const { api, dispatched } = apiStub();
    await createBaseQuery(fetchFn)('/auth/me', api, {});
    expect(window.localStorage.getItem('token')).toBe('OLD');
    expect(dispatched()).toEqual(['maintenance/maintenanceStarted']);
  });

  it('shares one refresh between calls that fail together', async () => {
    window.localStorage.setItem('token', 'OLD');
    const expired = { status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } };
    const ok = { status: 200, body: user };
    const { fetchFn, calls } = fakeFetch({
      '/auth/me': [expired, expired, ok, ok],
      '/auth/refresh_token': [{ status: 200, body: { token: 'NEW', user } }],
    });
    const query = createBaseQuery(fetchFn);
    await Promise.all([query('/auth/me', apiStub().api, {}), query('/auth/me', apiStub().api, {})]);
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
  });

  it('a wrong password at login is reported, not treated as a lost session', async () => {
    const { fetchFn } = fakeFetch({
      '/auth/login': [{ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', message: 'x' } }],
    });
    const { api, dispatched } = apiStub();
    const result = await createBaseQuery(fetchFn)(
      { url: '/auth/login', method: 'POST', body: { email: 'a@b.c', password: 'x' } },
      api,
      {},
    );
    expect(result.error).toMatchObject({ status: 401, data: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(dispatched()).toEqual([]);
  });
});
