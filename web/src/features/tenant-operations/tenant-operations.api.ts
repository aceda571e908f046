import {
  ApiRoutes,
  socketEvent,
  type TenantOperationSocketPayload,
  type TenantOperationView,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { followWhileCached } from '../../api/socket-cache.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['TenantOperation'] });

/**
 * While an operation runs, the list is read again this often: its progress comes on the socket after
 * each step; this catches one the socket missed (a reconnection).
 */
export const RunningPollMs = 10_000;

/** Tenant operations (super): erasing, exporting and importing companies, step by step. */
export const tenantOperationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantOperations: build.query<TenantOperationView[], void>({
      query: () => ApiRoutes.tenantOperations.root,
      providesTags: [{ type: 'TenantOperation', id: 'LIST' }],
      // super's socket hears each operation after every step: the row is replaced, a new one on top
      onCacheEntryAdded: (_arg, lifecycle) =>
        followWhileCached(
          lifecycle,
          (user) => (user?.super ? [socketEvent.tenantOperation] : []),
          ({ operation }: TenantOperationSocketPayload) =>
            lifecycle.updateCachedData((operations) => {
              const at = operations.findIndex((o) => o.id === operation.id);
              if (at >= 0) operations[at] = operation;
              else operations.unshift(operation);
            }),
        ),
    }),
    // the answer comes on the socket too; the row is replaced at once for the one who clicked
    abortTenantOperation: build.mutation<TenantOperationView, string>({
      query: (id) => ({
        url: ApiRoutes.tenantOperations.abort.replace(':id', encodeURIComponent(id)),
        method: 'POST',
      }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        // a refusal is the caller's to show
        const answered = await queryFulfilled.catch(() => undefined);
        if (!answered) return;
        const operation = answered.data;
        dispatch(
          tenantOperationsApi.util.updateQueryData(
            'getTenantOperations',
            undefined,
            (operations) => {
              const at = operations.findIndex((o) => o.id === operation.id);
              if (at >= 0) operations[at] = operation;
            },
          ),
        );
      },
    }),
    // a short-lived link to a finished export's bundle
    getBundleLink: build.query<{ url: string }, string>({
      query: (id) => ApiRoutes.tenantOperations.bundle.replace(':id', encodeURIComponent(id)),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useAbortTenantOperationMutation,
  useGetTenantOperationsQuery,
  useLazyGetBundleLinkQuery,
} = tenantOperationsApi;
