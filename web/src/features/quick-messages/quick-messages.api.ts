import {
  ApiRoutes,
  buildPath,
  type QuickMessage,
  type QuickMessageInput,
  type QuickMessageListItem,
  type QuickMessagePage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

export type QuickMessageListArgs = { searchParam: string; pageNumber: number };

const LIST = { type: 'QuickMessage' as const, id: 'LIST' };

/** Quick messages (tickets service): the /quick-messages page, the composer list and the attachment. */
export const quickMessagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pageQuickMessages: build.query<QuickMessagePage, QuickMessageListArgs>({
      query: (params) => ({ url: ApiRoutes.quickMessages.root, params }),
      ...pagedList<QuickMessagePage, QuickMessageListArgs>(),
      providesTags: [LIST],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'quickmessage', () =>
          lifecycle.dispatch(quickMessagesApi.util.invalidateTags([LIST])),
        ),
    }),
    /** The composer's shortcodes: the user's own and the general ones. */
    listQuickMessages: build.query<QuickMessageListItem[], void>({
      query: () => ApiRoutes.quickMessages.list,
      providesTags: [LIST],
    }),
    createQuickMessage: build.mutation<QuickMessage, QuickMessageInput>({
      query: (body) => ({ url: ApiRoutes.quickMessages.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateQuickMessage: build.mutation<QuickMessage, QuickMessageInput & { id: number }>({
      query: putById(ApiRoutes.quickMessages.byId),
      invalidatesTags: [LIST],
    }),
    deleteQuickMessage: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.quickMessages.byId),
      invalidatesTags: [LIST],
    }),
    uploadQuickMessageMedia: build.mutation<QuickMessage, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('typeArch', 'quickMessage');
        body.append('file', file);
        return { url: buildPath(ApiRoutes.quickMessages.media, { id }), method: 'POST', body };
      },
      invalidatesTags: [LIST],
    }),
    deleteQuickMessageMedia: build.mutation<QuickMessage, number>({
      query: deleteById(ApiRoutes.quickMessages.media),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  usePageQuickMessagesQuery,
  useListQuickMessagesQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useDeleteQuickMessageMediaMutation,
} = quickMessagesApi;
