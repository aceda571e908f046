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
