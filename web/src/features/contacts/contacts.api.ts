import {
  ApiRoutes,
  buildPath,
  type ContactForm,
  type ContactImportJob,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
  type ContactUpdateInput,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

/** GET /contacts arguments; contactTag is sent as the JSON list the API expects. */
export type ContactListArgs = { searchParam: string; pageNumber: number; contactTag?: number[] };

/** What `company-<id>-contact` carries (create/update/delete and the import progress). */
export type { ContactSocketPayload } from '@sb/contracts';

const LIST = { type: 'Contact' as const, id: 'LIST' };

/** Contacts (tickets service): list pages, CRUD, flags, tags of a contact and the sheet import. */
export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listContacts: build.query<ContactsPage, ContactListArgs>({
      query: ({ contactTag, ...params }) => ({
        url: ApiRoutes.contacts.root,
        params: contactTag?.length ? { ...params, contactTag: JSON.stringify(contactTag) } : params,
      }),
      providesTags: (page) => [
        ...(page?.contacts ?? []).map((c) => ({ type: 'Contact' as const, id: c.id })),
        LIST,
      ],
      // another tab or user changed a contact: the lists reload
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'contact', (payload) => {
          if (payload?.action !== 'import')
            lifecycle.dispatch(contactsApi.util.invalidateTags([LIST]));
        }),
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
      query: ({ id, ...body }) => ({
        url: buildPath(ApiRoutes.contacts.byId, { id }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id }, LIST],
    }),
    deleteContact: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.contacts.byId, { id }), method: 'DELETE' }),
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
  useGetContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useToggleContactBlockMutation,
  useToggleDisableBotMutation,
  useToggleAcceptAudioMutation,
  useListContactTagsQuery,
  useUploadContactsMutation,
} = contactsApi;
