import {
  ApiRoutes,
  ReportDefaultTimeZone,
  type MomentsReply,
  type ReportTimeZoneReply,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { followCompanyEvents } from '../../api/socket-cache.js';
import { isAdmin } from '../auth/access.js';
import { selectUser, type SessionState } from '../auth/session.slice.js';
import { patchMoments, type MomentsFilter } from './moments-live.js';

/** The query string of a filter (queue ids as a comma list, as the call reads them). */
const paramsOf = ({ queueIds, ...rest }: MomentsFilter) => ({
  ...rest,
  ...(queueIds?.length ? { queueIds: queueIds.join(',') } : {}),
});

/**
 * Tempo Real (reporting service through the gateway). Each cached answer follows the company's ticket
 * events on the shared socket and patches itself (no polling; refetched only after a reconnect or
 * the top bar's refresh), reading days in the report zone the server uses (the company's).
 */
export const momentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReportTimeZone: build.query<ReportTimeZoneReply, void>({
      query: () => ({ url: ApiRoutes.dashboard.timeZone }),
      // a company changes its zone rarely: kept for the session's hour
      keepUnusedDataFor: 3_600,
    }),
    getMoments: build.query<MomentsReply, MomentsFilter>({
      query: (filter) => ({ url: ApiRoutes.dashboard.moments, params: paramsOf(filter) }),
      // a reconnect or the refresh button asks again: events missed meanwhile were never patched in
      providesTags: ['Moments'],
      onCacheEntryAdded: (filter, lifecycle) =>
        followCompanyEvents(lifecycle, 'ticket', (payload) => {
          const state = lifecycle.getState();
          const user = selectUser(state as unknown as { session: SessionState });
          if (!user) return;
          const viewer = { id: user.id, admin: isAdmin(user) };
          const zone = momentsApi.endpoints.getReportTimeZone.select()(state).data?.timeZone;
          const clock = { timeZone: zone ?? ReportDefaultTimeZone, now: Date.now() };
          lifecycle.updateCachedData((rows) => patchMoments(rows, payload, filter, viewer, clock));
        }),
    }),
  }),
});

export const { useGetMomentsQuery, useGetReportTimeZoneQuery } = momentsApi;
