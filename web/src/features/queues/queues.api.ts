import { ApiRoutes, type Queue, type QueueInput } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

const LIST = { type: 'Queue' as const, id: 'LIST' };

/** What the form sends: the contract's input before its defaults are applied. */
export type QueueFormValues = QueueInput;

/** Queues with their chatbot trees (tickets service); `company-<id>-queue` reloads the list. */
export const queuesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<Queue[], void>({
      query: () => ApiRoutes.queues.root,
      providesTags: (queues) => [
        ...(queues ?? []).map((q) => ({ type: 'Queue' as const, id: q.id })),
        LIST,
      ],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'queue', () =>
          lifecycle.dispatch(queuesApi.util.invalidateTags([LIST])),
        ),
    }),
    createQueue: build.mutation<Queue, QueueFormValues>({
      query: (body) => ({ url: ApiRoutes.queues.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateQueue: build.mutation<Queue, QueueFormValues & { id: number }>({
      query: putById(ApiRoutes.queues.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Queue', id }, LIST],
    }),
    deleteQueue: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.queues.byId),
      invalidatesTags: (_r, _e, id) => [{ type: 'Queue', id }, LIST],
    }),
  }),
});

export const {
  useListQueuesQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
} = queuesApi;
