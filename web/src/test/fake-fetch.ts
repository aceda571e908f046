import { vi } from 'vitest';

/**
 * What a stubbed fetch was asked: the Request (RTK Query passes one, a plain call may pass a URL) and
 * its JSON body, undefined for a GET or a body that is not JSON.
 */
export const readRequest = async (input: RequestInfo | URL) => {
  const request = input instanceof Request ? input : new Request(String(input));
  const body =
    request.method === 'GET'
      ? undefined
      : await request
          .clone()
          .json()
          .catch(() => undefined);
  return { request, body };
};

/** One fetch a spec's stub saw: method, address and JSON body. */
export type FetchCall = { method: string; url: string; body?: unknown };

/** Stubs the global fetch: every request lands in `calls`, then `answer` replies to it. */
export const stubFetch = (
  calls: FetchCall[],
  answer: (request: Request, body: unknown) => Response | Promise<Response>,
) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      calls.push({ method: request.method, url: request.url, body });
      return answer(request, body);
    }),
  );
