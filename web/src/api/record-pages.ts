/**
 * The infinite-scroll shape of a paged list query (`{ <rows>, hasMore }` answers asked by `pageNumber`):
 * the pages of one search share one cache entry (page 1 replaces it, later pages add their new rows),
 * and a socket's create or update puts a record at the top while a delete removes it (spec 3 §4
 * "Real-time list updates"). Every paged endpoint spreads `pagedList(...)` into its definition.
 *
 * Answers and events can cross: a list asked for before an update may answer after the update's event.
 * A record never goes back to an older version (by `updatedAt`), whichever arrives last.
 */
type Versioned = { id: number; updatedAt?: string };
type Page<T> = { records: T[]; hasMore: boolean };
type Row = { id?: unknown; updatedAt?: string };
type PageArgs = { pageNumber: number; searchParam?: string };

export type PagedListOptions<P, A> = {
  /** the field of a page that holds its rows (default `records`) */
  rows?: keyof P & string;
  /** what tells the cache entries of one endpoint apart, besides the page (default the search text) */
  key?: (args: A) => string | number;
  /** a row's identity (default its `id`) */
  idOf?: (row: never) => unknown;
  /** an oldest-first list (messages): a later, older page goes before the rows held */
  olderFirst?: boolean;
  /** with `olderFirst`: a new page 1 keeps the older pages already loaded (ids grow with time) */
  refetchKeepsOlder?: boolean;
};

const byId = (row: Row): unknown => row.id;

/**
 * `serializeQueryArgs`, `merge` and `forceRefetch` of a paged endpoint: one cache entry per `key`,
 * filled page by page; another page number asks the server again.
 */
export const pagedList = <P extends { hasMore: boolean }, A extends PageArgs>(
  options: PagedListOptions<P, A> = {},
) => ({
  serializeQueryArgs: ({ queryArgs, endpointName }: { queryArgs: A; endpointName: string }) =>
    `${endpointName}(${options.key ? options.key(queryArgs) : (queryArgs.searchParam ?? '')})`,
  merge: (current: P, incoming: P, meta: { arg: { pageNumber: number } }): P =>
    mergePages(current, incoming, meta, options),
  forceRefetch: ({ currentArg, previousArg }: { currentArg?: A; previousArg?: A }) =>
    currentArg?.pageNumber !== previousArg?.pageNumber,
});

const isOlder = (record: Row, than: Row | undefined): boolean =>
  !!than?.updatedAt && !!record.updatedAt && record.updatedAt < than.updatedAt;

/** The newer of each row of `incoming` and its cached version. */
const newest = (incoming: Row[], cached: Row[], idOf: (row: Row) => unknown): Row[] => {
  const known = new Map(cached.map((row) => [idOf(row), row]));
  return incoming.map((row) => {
    const before = known.get(idOf(row));
    return before && isOlder(row, before) ? before : row;
  });
};

/**
 * Page 1 replaces the entry (keeping a newer cached version of a row); a later page adds its new rows
 * (after the held ones, or before them in an oldest-first list) and brings the page's other fields.
 */
export const mergePages = <P extends { hasMore: boolean }>(
  current: P,
  incoming: P,
  { arg }: { arg: { pageNumber: number } },
  options: Omit<PagedListOptions<P, never>, 'key'> = {},
): P => {
  const field = options.rows ?? ('records' as keyof P & string);
  const idOf = (options.idOf ?? byId) as (row: Row) => unknown;
  const held = current[field] as Row[];
  const answered = newest(incoming[field] as Row[], held, idOf);
  if (arg.pageNumber === 1) {
    if (!options.refetchKeepsOlder) return { ...incoming, [field]: answered };
    // a refetch of page 1 keeps the older pages already loaded
    const fresh = new Set(answered.map(idOf));
    const oldestNew = (answered[0]?.id as number | undefined) ?? Infinity;
    const older = held.filter((row) => (row.id as number) < oldestNew && !fresh.has(idOf(row)));
    return {
      ...incoming,
      [field]: [...older, ...answered],
      hasMore: older.length > 0 ? current.hasMore : incoming.hasMore,
    };
  }
  const known = new Set(held.map(idOf));
  const added = answered.filter((row) => !known.has(idOf(row)));
  return { ...incoming, [field]: options.olderFirst ? [...added, ...held] : [...held, ...added] };
};

/** A record created or updated goes to the top (unless the list has a newer version); a deleted one leaves. */
export const applyRecordEvent = <T extends Versioned>(
  draft: Page<T>,
  payload: { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number },
): void => {
  if (payload.action === 'delete') {
    draft.records = draft.records.filter((r) => r.id !== payload.id);
    return;
  }
  const known = draft.records.find((r) => r.id === payload.record.id);
  if (isOlder(payload.record, known)) return;
  draft.records = [payload.record, ...draft.records.filter((r) => r.id !== payload.record.id)];
};
