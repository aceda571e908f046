import {
  ApiRoutes,
  buildPath,
  type SessionUser,
  type UserCreateInput,
  type UserEditInput,
  type UserListItem,
  type UserMediaUploadResult,
  type UserRecord,
  type UsersPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['User'] });

/** Users (identity): list pages, picker list, CRUD and the profile picture. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UsersPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: ApiRoutes.users.list, params }),
      ...pagedList<UsersPage, { searchParam: string; pageNumber: number }>({ rows: 'users' }),
      providesTags: (page) => [
        ...(page?.users ?? []).map((u) => ({ type: 'User' as const, id: u.id })),
        { type: 'User' as const, id: 'LIST' },
      ],
    }),
    getUserPicker: build.query<UserListItem[], void>({
      query: () => ApiRoutes.users.picker,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    createUser: build.mutation<UserRecord, UserCreateInput>({
      query: (body) => ({ url: ApiRoutes.users.list, method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<SessionUser, UserEditInput & { id: number }>({
      query: putById(ApiRoutes.users.byId),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    deleteUser: build.mutation<{ message: string }, number>({
      query: deleteById(ApiRoutes.users.byId),
      invalidatesTags: (_r, _e, id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    uploadUserImage: build.mutation<UserMediaUploadResult, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.set('userId', String(id));
        body.set('typeArch', 'user');
        body.set('profileImage', file);
        return { url: buildPath(ApiRoutes.users.mediaUpload, { id }), method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetUserPickerQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUploadUserImageMutation,
} = usersApi;
