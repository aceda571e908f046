import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { ApiRoutes, type FileListPage, type QueueIntegrationPage } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { followCompanyEvents, type CacheLifecycle } from '../../api/socket-cache.js';

/** One entry of a picker: what is saved (id) and what is shown (name). */
export type Choice = { id: number; name: string };

/** A guard against a list that never says it has no more (20 per page: 10,000 records). */
const MaxPages = 500;

type PageResult = { data?: unknown; error?: FetchBaseQueryError };

/**
 * Every record of a paged list (spec 3 §7: searchParam, pageNumber; hasMore), page after page, as
 * choices. The first failing page fails the whole list.
 */
export const collectChoices = async <Page extends { hasMore: boolean }>(
  fetchPage: (pageNumber: number) => PageResult | PromiseLike<PageResult>,
  recordsOf: (page: Page) => Choice[],
): Promise<{ data: Choice[] } | { error: FetchBaseQueryError }> => {
  const all: Choice[] = [];
  for (let pageNumber = 1; pageNumber <= MaxPages; pageNumber += 1) {
    const result = await fetchPage(pageNumber);
    if (result.error) return { error: result.error };
    const page = result.data as Page;
    const known = new Set(all.map((choice) => choice.id));
    all.push(...recordsOf(page).filter((choice) => !known.has(choice.id)));
    if (!page.hasMore) break;
  }
  return { data: all };
};

const IntegrationChoices = { type: 'QueueIntegration' as const, id: 'CHOICES' };
const FileListChoices = { type: 'FileList' as const, id: 'CHOICES' };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['QueueIntegration'] });
type ReloadAction = ReturnType<typeof api.util.invalidateTags>;

/** While the cache entry lives, a company event of `resource` invalidates `tag` (a reload). */
const reloadOnSocket = (
  lifecycle: CacheLifecycle & { dispatch: (action: ReloadAction) => unknown },
  resource: 'queueIntegration' | 'file',
  tag: typeof IntegrationChoices | typeof FileListChoices,
): Promise<void> =>
  followCompanyEvents(lifecycle, resource, () =>
    lifecycle.dispatch(api.util.invalidateTags([tag])),
  );

/**
 * The whole lists the bot pickers of the connection dialog and the queue modal offer (queue
 * integrations, file lists), each one cache entry of its own, apart from the paged lists of their
 * pages. A change saved here invalidates them with the pages' LIST tag; a change by anyone else
 * (`company-<id>-queueIntegration`, `company-<id>-file`) reloads them.
 */
export const botChoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listIntegrationChoices: build.query<Choice[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        collectChoices<QueueIntegrationPage>(
          (pageNumber) =>
            baseQuery({
              url: ApiRoutes.queueIntegrations.root,
              params: { searchParam: '', pageNumber },
            }),
          (page) => page.queueIntegrations.map(({ id, name }) => ({ id, name })),
        ),
      providesTags: [{ type: 'QueueIntegration', id: 'LIST' }, IntegrationChoices],
      onCacheEntryAdded: (_arg, lifecycle) =>
        reloadOnSocket(lifecycle, 'queueIntegration', IntegrationChoices),
    }),
    listFileListChoices: build.query<Choice[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        collectChoices<FileListPage>(
          (pageNumber) =>
            baseQuery({ url: ApiRoutes.fileLists.root, params: { searchParam: '', pageNumber } }),
          (page) => page.files.map(({ id, name }) => ({ id, name })),
        ),
      providesTags: [{ type: 'FileList', id: 'LIST' }, FileListChoices],
      onCacheEntryAdded: (_arg, lifecycle) => reloadOnSocket(lifecycle, 'file', FileListChoices),
    }),
  }),
});

export const { useListIntegrationChoicesQuery, useListFileListChoicesQuery } = botChoicesApi;
