import {
  ApiRoutes,
  buildPath,
  type FileListInput,
  type FileListPage,
  type FileListRecord,
  type FileListSocketPayload,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

export type FileListArgs = { searchParam: string; pageNumber: number };

const LIST = { type: 'FileList' as const, id: 'LIST' };

/** A socket change applied to a cached page: a new or changed list goes on top, a deleted one goes. */
export const applyFileListEvent = (page: FileListPage, event: FileListSocketPayload): void => {
  if (event.action === 'delete') {
    page.files = page.files.filter((f) => f.id !== event.fileListId);
    return;
  }
  const index = page.files.findIndex((f) => f.id === event.fileList.id);
  if (index >= 0) page.files[index] = event.fileList;
  else page.files.unshift(event.fileList);
};

/** One chosen file per option index of the saved list (the server answers options in the sent order). */
export type OptionFiles = { index: number; file: File }[];

/** File lists (tickets service): the /files page; `company-<id>-file` patches the cached pages. */
export const fileListsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pageFileLists: build.query<FileListPage, FileListArgs>({
      query: (params) => ({ url: ApiRoutes.fileLists.root, params }),
      ...pagedList<FileListPage, FileListArgs>({ rows: 'files' }),
      providesTags: [LIST],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'file', (event) =>
          lifecycle.updateCachedData((page) => applyFileListEvent(page, event)),
        ),
    }),
    getFileList: build.query<FileListRecord, number>({
      query: (id) => buildPath(ApiRoutes.fileLists.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'FileList', id }],
    }),
    createFileList: build.mutation<FileListRecord, FileListInput>({
      query: (body) => ({ url: ApiRoutes.fileLists.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateFileList: build.mutation<FileListRecord, FileListInput & { id: number }>({
      query: putById(ApiRoutes.fileLists.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'FileList', id }, LIST],
    }),
    deleteFileList: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.fileLists.byId),
      invalidatesTags: (_r, _e, id) => [{ type: 'FileList', id }, LIST],
    }),
    /** The multipart form of spec 3 §7: per file, its option id, name and type. */
    uploadFileListFiles: build.mutation<
      FileListRecord,
      { list: FileListRecord; files: OptionFiles }
    >({
      query: ({ list, files }) => {
        const body = new FormData();
        body.append('fileId', String(list.id));
        body.append('typeArch', 'fileList');
        for (const { index, file } of files) {
          const option = list.options[index]!;
          body.append('files', file);
          body.append('id', String(option.id));
          body.append('name', option.name);
          body.append('mediaType', file.type || 'application/octet-stream');
        }
        return {
          url: buildPath(ApiRoutes.fileLists.upload, { id: list.id }),
          method: 'POST',
          body,
        };
      },
      invalidatesTags: (_r, _e, { list }) => [{ type: 'FileList', id: list.id }, LIST],
    }),
  }),
});

export const {
  usePageFileListsQuery,
  useGetFileListQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
  useUploadFileListFilesMutation,
} = fileListsApi;
