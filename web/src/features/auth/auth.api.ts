import { ApiRoutes, buildPath, type Language, type SessionUser } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<void, void>({
      query: () => ({ url: ApiRoutes.auth.logout, method: 'DELETE' }),
    }),
    me: build.query<SessionUser, void>({
      query: () => ApiRoutes.auth.me,
      providesTags: ['Session'],
    }),
    updateUserLanguage: build.mutation<SessionUser, { id: number; language: Language }>({
      query: ({ id, language }) => ({
        url: buildPath(ApiRoutes.users.byId, { id }),
        method: 'PUT',
        body: { language },
      }),
    }),
  }),
});

export const { useLogoutMutation, useUpdateUserLanguageMutation } = authApi;
