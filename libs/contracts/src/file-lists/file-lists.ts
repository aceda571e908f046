import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/** One option of a file list as sent: a kept option carries its id (its stored file stays). */
export const FileListOptionInput = z.object({
  id: ref('fileListOption', recordId).optional(),
  name: z.string().trim().min(1).max(100),
});
export type FileListOptionInput = z.infer<typeof FileListOptionInput>;

/** POST /files and PUT /files/:id body (spec 3 §5: name at least 3, message required). */
export const FileListInput = z.object({
  name: z.string().trim().min(3).max(100),
  message: z.string().trim().min(1).max(5000),
  /** the whole option list: options left out are deleted with their files */
  options: z.array(FileListOptionInput).max(50).default([]),
});
export type FileListInput = z.input<typeof FileListInput>;
export type FileListFields = z.infer<typeof FileListInput>;

/** GET /files query. */
export const FileListQuery = listQuery({});
export type FileListQuery = z.infer<typeof FileListQuery>;

export const FileListPageSize = 20;

/** Most files one upload carries (one per option). */
export const FileListMaxUploadFiles = 50;

export type FileListOption = {
  id: number;
  name: string;
  /** storage key of the file, null until one is uploaded */
  path: string | null;
  /** the detected content type of the file */
  mediaType: string | null;
  /** signed link to the file, null without one */
  url: string | null;
};

export type FileListRecord = {
  id: number;
  name: string;
  message: string;
  userId: number;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
};

/** GET /files answer. */
export type FileListPage = { files: FileListRecord[]; hasMore: boolean };

/** tickets.file-list.update */
export type FileListUpdateRequest = FileListFields & { id: number };

/** tickets.file-list.media-set: the gateway stored the files, tickets records them on their options. */
export type FileListMediaRequest = {
  id: number;
  files: { optionId: number; path: string; mediaType: string }[];
};

/** Answers of the writes that may drop files: the gateway removes `removedPaths` from storage. */
export type FileListSaved = FileListRecord & { removedPaths: string[] };
export type FileListRemoved = { id: number; removedPaths: string[] };

export type FileListEventData = { fileList: FileListRecord };
export type FileListDeletedEventData = { fileListId: number };
export type FileListSocketPayload =
  | { action: 'create' | 'update'; fileList: FileListRecord }
  | { action: 'delete'; fileListId: number };
