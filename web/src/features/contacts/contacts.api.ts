import {
  ApiRoutes,
  buildPath,
  type ContactErasure,
  type ContactForm,
  type ContactImportJob,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
  type ContactUpdateInput,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents, type CacheLifecycle } from '../../api/socket-cache.js';

/** GET /contacts arguments; contactTag is sent as the JSON list the API expects. */
export type ContactListArgs = { searchParam: string; pageNumber: number; contactTag?: number[] };

/** What `company-<id>-contact` carries (create/update/delete and the import progress). */
export type { ContactSocketPayload } from '@sb/contracts';

const LIST = { type: 'Contact' as const, id: 'LIST' };

const contactsQuery = ({ contactTag, ...params }: ContactListArgs) => ({
  url: ApiRoutes.contacts.root,
  params: contactTag?.length ? { ...params, contactTag: JSON.stringify(contactTag) } : params,
});

const contactsTags = (page: ContactsPage | undefined) => [
  ...(page?.contacts ?? []).map((c) => ({ type: 'Contact' as const, id: c.id })),
  LIST,
];

/** Another tab or user changed a contact: the lists reload. */
const reloadOnContactEvents = (
  lifecycle: CacheLifecycle & { dispatch: (action: unknown) => unknown },
) =>
  followCompanyEvents(lifecycle, 'contact', (payload) => {
    if (payload?.action !== 'import') lifecycle.dispatch(contactsApi.util.invalidateTags([LIST]));
  });

/** Contacts (tickets service): list pages, CRUD, flags, tags of a contact and the sheet import. */
export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of contacts (pickers, the sheet export). */
    listContacts: build.query<ContactsPage, ContactListArgs>({
      query: contactsQuery,
      providesTags: contactsTags,
      onCacheEntryAdded: (_arg, lifecycle) => reloadOnContactEvents(lifecycle),
    }),
    /** The /contacts list, filled page by page. */
    pageContacts: build.query<ContactsPage, ContactListArgs>({
      query: contactsQuery,
      ...pagedList<ContactsPage, ContactListArgs>({
        rows: 'contacts',
        key: (args) => `${args.searchParam}|${(args.contactTag ?? []).join(',')}`,
      }),
      providesTags: contactsTags,
      onCacheEntryAdded: (_arg, lifecycle) => reloadOnContactEvents(lifecycle),
    }),
    getContact: build.query<ContactRecord, number>({
      query: (id) => buildPath(ApiRoutes.contacts.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    createContact: build.mutation<ContactRecord, ContactForm>({
      query: (body) => ({ url: ApiRoutes.contacts.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateContact: build.mutation<ContactRecord, ContactUpdateInput & { id: number }>({
      query: putById(ApiRoutes.contacts.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, LIST],
    }),
    deleteContact: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.contacts.byId),
      invalidatesTags: (_r, _e, id) => [{ type: 'Contact', id }, LIST],
    }),
    // LGPD: the contact, its conversation and files, its campaign rows and its name in the reports
    eraseContact: build.mutation<ContactErasure, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.contacts.erase, { id }), method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Contact', id }, LIST],
    }),
    toggleContactBlock: build.mutation<ContactRecord, { id: number; active: boolean }>({
      query: ({ id, active }) => ({
        url: buildPath(ApiRoutes.contacts.block, { id }),
        method: 'PUT',
        body: { active },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, LIST],
    }),
    toggleDisableBot: build.mutation<ContactRecord, number>({
      query: (id) => ({
        url: buildPath(ApiRoutes.contacts.toggleDisableBot, { id }),
        method: 'PUT',
      }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Contact', id }, LIST],
    }),
    toggleAcceptAudio: build.mutation<ContactRecord, number>({
      query: (id) => ({
        url: buildPath(ApiRoutes.contacts.toggleAcceptAudio, { id }),
        method: 'PUT',
      }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Contact', id }, LIST],
    }),
    listContactTags: build.query<ContactTagsReply, number>({
      query: (contactId) => buildPath(ApiRoutes.contacts.tags, { contactId }),
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    uploadContacts: build.mutation<ContactImportJob, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: ApiRoutes.contacts.upload, method: 'POST', body };
      },
    }),
  }),
});

export const {
  useListContactsQuery,
  usePageContactsQuery,
  useGetContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useEraseContactMutation,
  useToggleContactBlockMutation,
  useToggleDisableBotMutation,
  useToggleAcceptAudioMutation,
  useListContactTagsQuery,
  useUploadContactsMutation,
} = contactsApi;
