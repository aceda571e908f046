import { ApiRoutes, type Help, type HelpInputValues } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';

// Helps add their own cache tag, so the shared base api needs no edit.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Help'] });

export const helpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listHelps: build.query<Help[], void>({
      query: () => ApiRoutes.helps.list,
      providesTags: (result) => [
        { type: 'Help', id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'Help' as const, id })),
      ],
    }),
    createHelp: build.mutation<Help, HelpInputValues>({
      query: (body) => ({ url: ApiRoutes.helps.root, method: 'POST', body }),
      invalidatesTags: [{ type: 'Help', id: 'LIST' }],
    }),
    updateHelp: build.mutation<Help, HelpInputValues & { id: number }>({
      query: putById(ApiRoutes.helps.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Help', id }],
    }),
    deleteHelp: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.helps.byId),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Help', id },
        { type: 'Help', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListHelpsQuery,
  useCreateHelpMutation,
  useUpdateHelpMutation,
  useDeleteHelpMutation,
} = helpsApi;

/** The player address of a video code (the code is checked by HelpInput: letters, digits, - and _). */
export const helpVideoUrl = (code: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1`;
