import {
  ApiRoutes,
  buildPath,
  socketEvent,
  type Announcement,
  type AnnouncementInputValues,
  type AnnouncementPage,
  type AnnouncementSocketPayload,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followWhileCached } from '../../api/socket-cache.js';
import { mediaUrl } from '../../app/runtime-config.js';

export type AnnouncementListArgs = { searchParam: string; pageNumber: number };

/** Create or update puts the record at the top; spec 3 §4 "Real-time list updates". */
export const upsertAtTop = (page: AnnouncementPage, record: Announcement): void => {
  page.records = [record, ...page.records.filter((r) => r.id !== record.id)];
};
export const removeRecord = (page: AnnouncementPage, id: number): void => {
  page.records = page.records.filter((r) => r.id !== id);
};

export const announcementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The /announcements page (super users: every status). */
    listAnnouncements: build.query<AnnouncementPage, AnnouncementListArgs>({
      query: (params) => ({ url: `${ApiRoutes.announcements.root}/`, params }),
      ...pagedList<AnnouncementPage, AnnouncementListArgs>(),
      providesTags: (result) => [
        { type: 'Announcement', id: 'LIST' },
        ...(result?.records ?? []).map(({ id }) => ({ type: 'Announcement' as const, id })),
      ],
    }),
    /**
     * The shell popover: the same route, kept apart so the `company-announcement` socket event patches
     * it (a switched-off announcement arrives as a delete).
     */
    popoverAnnouncements: build.query<AnnouncementPage, AnnouncementListArgs>({
      query: (params) => ({ url: `${ApiRoutes.announcements.root}/`, params }),
      ...pagedList<AnnouncementPage, AnnouncementListArgs>(),
      transformResponse: (page: AnnouncementPage) => ({
        ...page,
        records: page.records.filter((r) => r.status),
      }),
      onCacheEntryAdded: (_arg, lifecycle) =>
        followWhileCached(
          lifecycle,
          () => [socketEvent.announcement],
          (payload: AnnouncementSocketPayload) =>
            lifecycle.updateCachedData((page) => {
              if (payload?.action === 'delete') removeRecord(page, payload.record.id);
              else if (payload?.record?.status) upsertAtTop(page, payload.record);
            }),
        ),
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementInputValues>({
      query: (body) => ({ url: ApiRoutes.announcements.root, method: 'POST', body }),
      onQueryStarted: (_arg, api) => patchLists(api, (page, record) => upsertAtTop(page, record)),
    }),
    updateAnnouncement: build.mutation<Announcement, AnnouncementInputValues & { id: number }>({
      query: putById(ApiRoutes.announcements.byId),
      onQueryStarted: (_arg, api) => patchLists(api, (page, record) => upsertAtTop(page, record)),
    }),
    deleteAnnouncement: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.announcements.byId),
      onQueryStarted: (_arg, api) => patchLists(api, (page, { id }) => removeRecord(page, id)),
    }),
    uploadAnnouncementMedia: build.mutation<Announcement, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: buildPath(ApiRoutes.announcements.media, { id }), method: 'POST', body };
      },
      onQueryStarted: (_arg, api) => patchLists(api, (page, record) => upsertAtTop(page, record)),
    }),
    deleteAnnouncementMedia: build.mutation<Announcement, number>({
      query: deleteById(ApiRoutes.announcements.media),
      onQueryStarted: (_arg, api) => patchLists(api, (page, record) => upsertAtTop(page, record)),
    }),
  }),
});

type PatchApi<R> = {
  queryFulfilled: Promise<{ data: R }>;
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
};

/**
 * After a successful write, patch every cached page list (both endpoints, every search) instead of
 * refetching: a refetch of page N would drop pages 1..N-1 of the infinite list.
 */
async function patchLists<R extends { id: number }>(
  api: PatchApi<R>,
  patch: (page: AnnouncementPage, record: R) => void,
): Promise<void> {
  let record: R;
  try {
    ({ data: record } = await api.queryFulfilled);
  } catch {
    return; // the caller shows the error
  }
  const state = api.getState() as Parameters<
    typeof announcementsApi.util.selectCachedArgsForQuery
  >[0];
  for (const endpoint of ['listAnnouncements', 'popoverAnnouncements'] as const) {
    for (const args of announcementsApi.util.selectCachedArgsForQuery(state, endpoint)) {
      api.dispatch(
        announcementsApi.util.updateQueryData(endpoint, args, (page) => {
          const hidden =
            endpoint === 'popoverAnnouncements' &&
            'status' in record &&
            (record as unknown as Announcement).status === false;
          if (hidden) removeRecord(page, record.id);
          else patch(page, record);
        }),
      );
    }
  }
}

export const {
  useListAnnouncementsQuery,
  usePopoverAnnouncementsQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  useDeleteAnnouncementMediaMutation,
} = announcementsApi;

/** The image address: identity signs `/media/<key>` links, served by the gateway without a token. */
export const announcementImageUrl = (record: Pick<Announcement, 'mediaUrl'>): string | null =>
  mediaUrl(record.mediaUrl) ?? null;
