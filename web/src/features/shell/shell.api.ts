import { ApiRoutes, type VersionInfo } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<VersionInfo, void>({
      query: () => ApiRoutes.version,
      providesTags: ['Version'],
    }),
  }),
});

export const { useGetVersionQuery } = shellApi;
