import { useEffect, useRef, useState } from 'react';
import { notify } from './toaster.js';

/** Spec 1 §9: search boxes wait this long after the last key. */
export const SearchDebounceMs = 500;

/** Spec 1 §9: the next page loads when a list is scrolled to within this many pixels of its end. */
export const InfiniteScrollThresholdPx = 100;

export const nearListEnd = (el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}) => el.scrollHeight - el.scrollTop - el.clientHeight < InfiniteScrollThresholdPx;

/** The value, once it has stopped changing for `ms`. */
export const useDebounced = <T>(value: T, ms = SearchDebounceMs): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

type PageArgs = { searchParam: string; pageNumber: number };

/** What a list page reads of an RTK Query hook's answer for a `pagedList` endpoint. */
type PageQueryResult<P> = {
  data?: P;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  requestId?: string;
  originalArgs?: { pageNumber: number };
};

/**
 * The one paged list of the app: the search text, its debounced value, and the pages 1..n of a
 * `pagedList` endpoint (one cache entry, filled page by page). A new search or other `filters` start
 * again at page 1 (spec 3 §4); so does a refetch the list did not ask for (a mutation or a socket event
 * invalidated it), so that no row of a later page stays stale. `table` feeds `PagedTable`, `searchBox`
 * the `SearchAddBar`.
 */
export const usePagedList = <P extends { hasMore: boolean }, F extends object, R>(
  // an RTK Query hook
  useQuery: (args: F & PageArgs) => PageQueryResult<P>,
  /** the list's other arguments (a filter): another value starts again at page 1 */
  filters: F,
  {
    rowsOf,
    normalise = (text) => text.trim(),
    loadError,
  }: {
    /** the rows of a page */
    rowsOf: (page: P) => R[];
    /** the query value of the typed text (default trimmed) */
    normalise?: (text: string) => string;
    /** the toast shown when a page fails to load */
    loadError?: string;
  },
) => {
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(normalise(search));
  const listKey = `${searchParam}|${JSON.stringify(filters)}`;
  // the page count belongs to one search: another search reads as page 1 from its first render
  const [paged, setPaged] = useState({ listKey, pages: 1 });
  const pageNumber = paged.listKey === listKey ? paged.pages : 1;
  const result = useQuery({ ...filters, searchParam, pageNumber });
  const { data, isLoading, isFetching, isError, requestId, originalArgs } = result;

  const lastFetch = useRef<{ requestId?: string; listKey: string; page?: number }>({ listKey });
  useEffect(() => {
    if (!isFetching || !requestId || requestId === lastFetch.current.requestId) return;
    const page = originalArgs?.pageNumber;
    const again = lastFetch.current.listKey === listKey && page === lastFetch.current.page;
    lastFetch.current = { requestId, listKey, page };
    if (again && page !== undefined && page > 1) setPaged({ listKey, pages: 1 });
  }, [isFetching, requestId, originalArgs, listKey]);

  useEffect(() => {
    if (isError && loadError) notify.error(loadError);
  }, [isError, loadError]);

  const rows = data ? rowsOf(data) : [];
  return {
    searchParam,
    rows,
    data,
    searchBox: { search, onSearch: setSearch },
    table: {
      isEmpty: !isLoading && rows.length === 0,
      fetching: isFetching,
      hasMore: data?.hasMore ?? false,
      onNextPage: () => setPaged({ listKey, pages: pageNumber + 1 }),
    },
  };
};
