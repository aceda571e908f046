import {
  ApiRoutes,
  type TagForm,
  type TagRecord,
  type TagsPage,
  type TagSyncReply,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';

export type TagListArgs = { searchParam: string; pageNumber: number; kanban?: 0 | 1 };

const LIST = { type: 'Tag' as const, id: 'LIST' };

/** Tags (tickets service): pages with counts, pickers, CRUD and a contact's tag set. */
export const tagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTagsPage: build.query<TagsPage, TagListArgs>({
      query: (params) => ({ url: ApiRoutes.tags.root, params }),
      ...pagedList<TagsPage, TagListArgs>({
        rows: 'tags',
        key: (args) => `${args.kanban ?? 0}:${args.searchParam}`,
      }),
      providesTags: (page) => [
        ...(page?.tags ?? []).map((t) => ({ type: 'Tag' as const, id: t.id })),
        LIST,
      ],
    }),
    listTags: build.query<TagRecord[], { kanban?: 0 | 1 } | void>({
      query: (args) => ({
        url: ApiRoutes.tags.list,
        params: args && args.kanban !== undefined ? { kanban: args.kanban } : {},
      }),
      providesTags: [LIST],
    }),
    listKanbanTags: build.query<TagRecord[], void>({
      query: () => ApiRoutes.tags.kanban,
      transformResponse: (answer: { lista: TagRecord[] }) => answer.lista,
      providesTags: [LIST],
    }),
    createTag: build.mutation<TagRecord, TagForm>({
      query: (body) => ({ url: ApiRoutes.tags.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateTag: build.mutation<TagRecord, TagForm & { id: number }>({
      query: putById(ApiRoutes.tags.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Tag', id }, LIST],
    }),
    deleteTag: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.tags.byId),
      invalidatesTags: (_r, _e, id) => [{ type: 'Tag', id }, LIST, { type: 'Contact', id: 'LIST' }],
    }),
    syncContactTags: build.mutation<TagSyncReply, { contactId: number; tags: number[] }>({
      query: (body) => ({ url: ApiRoutes.tags.sync, method: 'POST', body }),
      invalidatesTags: (_r, _e, { contactId }) => [
        { type: 'Contact', id: contactId },
        { type: 'Contact', id: 'LIST' },
        LIST,
      ],
    }),
  }),
});

export const {
  useGetTagsPageQuery,
  useListTagsQuery,
  useListKanbanTagsQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useSyncContactTagsMutation,
} = tagsApi;
