import {
  ApiRoutes,
  buildPath,
  type ContactPickerItem,
  type ScheduleRecord,
  type SchedulesPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

export type ScheduleListArgs = { searchParam: string; pageNumber: number };
/** What the dialog sends: body, contact and an ISO send time (the owner is the caller). */
export type ScheduleSaveArgs = {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number;
  userId?: number;
};

const LIST = { type: 'Schedule' as const, id: 'LIST' };

/** Scheduled messages (campaigns service through the gateway): the /schedules page and its dialog. */
export const schedulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pageSchedules: build.query<SchedulesPage, ScheduleListArgs>({
      query: (params) => ({ url: ApiRoutes.schedules.root, params }),
      ...pagedList<SchedulesPage, ScheduleListArgs>({ rows: 'schedules' }),
      providesTags: [LIST],
      /**
       * `company-<id>-schedule` says a schedule changed, without its text: a deleted one leaves the list
       * at once; otherwise the list is asked again, so each reader gets what they may see.
       */
      onCacheEntryAdded: (arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'schedule', (payload) => {
          if (payload.action === 'delete') {
            lifecycle.updateCachedData((draft) => {
              draft.schedules = draft.schedules.filter((s) => s.id !== payload.scheduleId);
            });
            return;
          }
          void lifecycle.dispatch(
            schedulesApi.endpoints.pageSchedules.initiate(
              { ...arg, pageNumber: 1 },
              { subscribe: false, forceRefetch: true },
            ),
          );
        }),
    }),
    getSchedule: build.query<ScheduleRecord, number>({
      query: (id) => buildPath(ApiRoutes.schedules.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Schedule', id }],
    }),
    createSchedule: build.mutation<ScheduleRecord, ScheduleSaveArgs>({
      query: (body) => ({ url: ApiRoutes.schedules.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateSchedule: build.mutation<ScheduleRecord, ScheduleSaveArgs & { id: number }>({
      query: putById(ApiRoutes.schedules.byId),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Schedule', id }],
    }),
    deleteSchedule: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.schedules.byId),
      invalidatesTags: [LIST],
    }),
    /** The dialog's contact choice: GET /contacts/list?searchParam= (id, name, number). */
    pickScheduleContacts: build.query<ContactPickerItem[], string>({
      query: (searchParam) => ({
        url: ApiRoutes.contacts.list,
        params: searchParam ? { searchParam } : {},
      }),
    }),
  }),
});

export const {
  usePageSchedulesQuery,
  useGetScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  usePickScheduleContactsQuery,
} = schedulesApi;
