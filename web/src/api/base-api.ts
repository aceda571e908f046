import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query.js';

/** Every cache tag of the app; the refresh button invalidates them all. */
export const TagTypes = [
  'Session',
  'Version',
  'Connection',
  'Chat',
  'Announcement',
  'Ticket',
  'Contact',
  'Tag',
  'Queue',
  'QuickMessage',
  'Prompt',
  'FileList',
  'Schedule',
  'ServiceMetrics',
  'Dashboard',
  'Moments',
  'Report',
] as const;

/** The one RTK Query api; each feature injects its endpoints (`<area>.api.ts`). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TagTypes,
  endpoints: () => ({}),
});
