import { ApiRoutes, buildPath, type CompanySettingsObject, type SettingEntry } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Setting'] });

/** Settings (identity): the options tab reads all keys it may see and changes one at a time. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingEntry[], void>({
      query: () => ApiRoutes.settings.list,
      providesTags: (list) => [
        ...(list ?? []).map((s) => ({ type: 'Setting' as const, id: s.key })),
        { type: 'Setting' as const, id: 'LIST' },
      ],
    }),
    updateSetting: build.mutation<SettingEntry, { key: string; value: string }>({
      query: ({ key, value }) => ({
        url: buildPath(ApiRoutes.settings.byKey, { key }),
        method: 'PUT',
        body: { value },
      }),
      // the list shows the new value at once; a failure puts the old one back
      async onQueryStarted({ key, value }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('getSettings', undefined, (list) => {
            const entry = list.find((s) => s.key === key);
            if (entry) entry.value = value;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /**
     * GET /companySettingOne?column=: one setting of the caller's company (any member reads it),
     * answered `{ [column]: value }`.
     */
    getCompanySetting: build.query<{ key: string; value: string | undefined }, string>({
      query: (column) => ({ url: ApiRoutes.settings.companyOne, params: { column } }),
      transformResponse: (answer: CompanySettingsObject, _meta, column) => ({
        key: column,
        value: answer[column as keyof CompanySettingsObject],
      }),
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingMutation, useGetCompanySettingQuery } =
  settingsApi;
