import {
  ApiRoutes,
  buildPath,
  campaignSettingsFromRows,
  type CampaignSettingRow,
  type CampaignSettingsValues,
  type ContactListImportReport,
  type ContactListItemForm,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListRecord,
  type ContactListsPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['ContactList', 'ContactListItem', 'CampaignSettings'],
});
const LISTS = { type: 'ContactList' as const, id: 'LIST' };
const ITEMS = { type: 'ContactListItem' as const, id: 'LIST' };

export type ListPageArgs = { searchParam: string; pageNumber: number };
export type ItemPageArgs = ListPageArgs & { contactListId: number };

/** Contact lists, their contacts and the campaign settings (campaigns service through the gateway). */
export const contactListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pageContactLists: build.query<ContactListsPage, ListPageArgs>({
      query: (params) => ({ url: ApiRoutes.contactLists.root, params }),
      ...pagedList<ContactListsPage, ListPageArgs>(),
      providesTags: [LISTS],
      // spec 3 §4 real-time: create or update puts the list at the top, delete removes it
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'ContactList', (payload) => {
          lifecycle.updateCachedData((draft) => {
            if (payload.action === 'delete') {
              draft.records = draft.records.filter((r) => r.id !== payload.id);
              return;
            }
            draft.records = [
              payload.record,
              ...draft.records.filter((r) => r.id !== payload.record.id),
            ];
          });
        }),
    }),
    getContactList: build.query<ContactListRecord, number>({
      query: (id) => buildPath(ApiRoutes.contactLists.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'ContactList', id }],
    }),
    saveContactList: build.mutation<ContactListRecord, { id?: number; name: string }>({
      query: ({ id, name }) =>
        id
          ? { url: buildPath(ApiRoutes.contactLists.byId, { id }), method: 'PUT', body: { name } }
          : { url: ApiRoutes.contactLists.root, method: 'POST', body: { name } },
      invalidatesTags: (_r, _e, { id }) => (id ? [LISTS, { type: 'ContactList', id }] : [LISTS]),
    }),
    deleteContactList: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.contactLists.byId),
      invalidatesTags: [LISTS],
    }),
    uploadContactList: build.mutation<ContactListImportReport, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: buildPath(ApiRoutes.contactLists.upload, { id }), method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { id }) => [LISTS, ITEMS, { type: 'ContactList', id }],
    }),
    pageListItems: build.query<ContactListItemsPage, ItemPageArgs>({
      query: (params) => ({ url: ApiRoutes.contactListItems.root, params }),
      ...pagedList<ContactListItemsPage, ItemPageArgs>({
        rows: 'contacts',
        key: (args) => `${args.contactListId},${args.searchParam}`,
      }),
      providesTags: [ITEMS],
      onCacheEntryAdded: (arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'ContactListItem', (payload) => {
          if (payload.action === 'reload') {
            if (payload.contactListId !== arg.contactListId) return;
            void lifecycle.dispatch(
              contactListsApi.endpoints.pageListItems.initiate(
                { ...arg, pageNumber: 1 },
                { subscribe: false, forceRefetch: true },
              ),
            );
            return;
          }
          lifecycle.updateCachedData((draft) => {
            if (payload.action === 'delete') {
              draft.contacts = draft.contacts.filter((c) => c.id !== payload.id);
              return;
            }
            if (payload.record.contactListId !== arg.contactListId) return;
            draft.contacts = [
              payload.record,
              ...draft.contacts.filter((c) => c.id !== payload.record.id),
            ];
          });
        }),
    }),
    saveListItem: build.mutation<ContactListItemRecord, ContactListItemForm & { id?: number }>({
      query: ({ id, ...body }) =>
        id
          ? { url: buildPath(ApiRoutes.contactListItems.byId, { id }), method: 'PUT', body }
          : { url: ApiRoutes.contactListItems.root, method: 'POST', body },
      invalidatesTags: [ITEMS, LISTS],
    }),
    deleteListItem: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.contactListItems.byId),
      invalidatesTags: [ITEMS, LISTS],
    }),
    // answered as the family's [{ key, value }] rows (campaign-settings.ts)
    getCampaignSettings: build.query<CampaignSettingsValues, void>({
      query: () => ApiRoutes.campaignSettings,
      transformResponse: (rows: CampaignSettingRow[]) => campaignSettingsFromRows(rows),
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<CampaignSettingsValues, CampaignSettingsValues>({
      query: (settings) => ({
        url: ApiRoutes.campaignSettings,
        method: 'POST',
        body: { settings },
      }),
      transformResponse: (rows: CampaignSettingRow[]) => campaignSettingsFromRows(rows),
      invalidatesTags: ['CampaignSettings'],
    }),
  }),
});

export const {
  usePageContactListsQuery,
  useGetContactListQuery,
  useSaveContactListMutation,
  useDeleteContactListMutation,
  useUploadContactListMutation,
  usePageListItemsQuery,
  useSaveListItemMutation,
  useDeleteListItemMutation,
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} = contactListsApi;
