/**
 * The infinite-scroll shape of a `{ records, hasMore }` list query: pages of one search share one cache
 * entry (page 1 replaces it, later pages append), and a socket's create or update puts a record at the
 * top while a delete removes it (spec 3 §4 "Real-time list updates").
 *
 * Answers and events can cross: a list asked for before an update may answer after the update's event.
 * A record never goes back to an older version (by `updatedAt`), whichever arrives last.
 */
type Versioned = { id: number; updatedAt?: string };
type Page<T> = { records: T[]; hasMore: boolean };
type Args = { searchParam: string; pageNumber: number };

export const recordPages = <T extends Versioned>() => ({
  serializeQueryArgs: ({ queryArgs, endpointName }: { queryArgs: Args; endpointName: string }) =>
    `${endpointName}(${queryArgs.searchParam})`,
  merge: mergeRecordPages<T>,
  forceRefetch: ({ currentArg, previousArg }: { currentArg?: Args; previousArg?: Args }) =>
    currentArg?.pageNumber !== previousArg?.pageNumber,
});

const isOlder = (record: Versioned, than: Versioned | undefined): boolean =>
  !!than?.updatedAt && !!record.updatedAt && record.updatedAt < than.updatedAt;

/** The newer of each record of `incoming` and its cached version. */
const newest = <T extends Versioned>(incoming: T[], cached: T[]): T[] => {
  const byId = new Map(cached.map((record) => [record.id, record]));
  return incoming.map((record) => {
    const known = byId.get(record.id);
    return known && isOlder(record, known) ? known : record;
  });
};

/** Page 1 replaces the entry; a later page appends its new records and brings the page's other fields. */
export const mergeRecordPages = <T extends Versioned, P extends Page<T> = Page<T>>(
  current: P,
  incoming: P,
  { arg }: { arg: { pageNumber: number } },
): P => {
  if (arg.pageNumber === 1)
    return { ...incoming, records: newest(incoming.records, current.records) };
  const known = new Set(current.records.map((r) => r.id));
  const records = [...current.records, ...incoming.records.filter((r) => !known.has(r.id))];
  return { ...incoming, records };
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
