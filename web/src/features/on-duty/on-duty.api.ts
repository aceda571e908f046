import { ApiRoutes, buildPath, type OnDutyForm, type OnDutyRecord } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['OnDuty'] });
const LIST = { type: 'OnDuty' as const, id: 'LIST' };

/** On-duty staff (campaigns service through the gateway): the /plantao page and its modal. */
export const onDutyApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOnDuty: build.query<OnDutyRecord[], void>({
      query: () => ApiRoutes.onDuty.root,
      providesTags: (list) => [
        ...(list ?? []).map((entry) => ({ type: 'OnDuty' as const, id: entry.id })),
        LIST,
      ],
    }),
    getOnDuty: build.query<OnDutyRecord, number>({
      query: (id) => buildPath(ApiRoutes.onDuty.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'OnDuty', id }],
    }),
    createOnDuty: build.mutation<OnDutyRecord, OnDutyForm>({
      query: (body) => ({ url: ApiRoutes.onDuty.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateOnDuty: build.mutation<OnDutyRecord, OnDutyForm & { id: number }>({
      query: putById(ApiRoutes.onDuty.byId),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'OnDuty', id }],
    }),
    deleteOnDuty: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.onDuty.byId),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'OnDuty', id }],
    }),
  }),
});

export const {
  useListOnDutyQuery,
  useGetOnDutyQuery,
  useCreateOnDutyMutation,
  useUpdateOnDutyMutation,
  useDeleteOnDutyMutation,
} = onDutyApi;
