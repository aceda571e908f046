import { baseApi } from '../../api/base-api.js';

/** The fields of a connection the shell reads; the connections feature owns the rest. */
export type ConnectionSummary = { id: number; name: string; status: string };

export const ConnectedStatus = 'CONNECTED';

export const connectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listConnections: build.query<ConnectionSummary[], void>({
      query: () => ({ url: '/whatsapp/', params: { session: 0 } }),
      providesTags: (result) => [
        { type: 'Connection', id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'Connection' as const, id })),
      ],
    }),
  }),
});

/** The drawer's error badge: some connection is not connected. */
export const hasConnectionProblem = (connections: readonly ConnectionSummary[] | undefined) =>
  (connections ?? []).some((connection) => connection.status !== ConnectedStatus);

/**
 * Reads the connection list already in the cache without fetching it: the connections screen and its
 * socket updates keep that list; the shell only reflects it.
 */
export const useConnectionProblem = () =>
  hasConnectionProblem(connectionsApi.endpoints.listConnections.useQueryState().data);
