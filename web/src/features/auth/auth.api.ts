import {
  ApiRoutes,
  buildPath,
  type AuthResult,
  type Language,
  type LoginInput,
  type SessionUser,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResult, LoginInput>({
      query: (body) => ({ url: ApiRoutes.auth.login, method: 'POST', body }),
    }),
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

export const { useLoginMutation, useLogoutMutation, useUpdateUserLanguageMutation } = authApi;
