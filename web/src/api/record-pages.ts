/**
 * The infinite-scroll shape of a `{ records, hasMore }` list query: pages of one search share one cache
 * entry (page 1 replaces it, later pages append), and a socket's create or update puts a record at the
 * top while a delete removes it (spec 3 §4 "Real-time list updates").
 */
type Page<T> = { records: T[]; hasMore: boolean };
type Args = { searchParam: string; pageNumber: number };

export const recordPages = <T extends { id: number }>() => ({
  serializeQueryArgs: ({ queryArgs, endpointName }: { queryArgs: Args; endpointName: string }) =>
    `${endpointName}(${queryArgs.searchParam})`,
  merge: mergeRecordPages<T>,
  forceRefetch: ({ currentArg, previousArg }: { currentArg?: Args; previousArg?: Args }) =>
    currentArg?.pageNumber !== previousArg?.pageNumber,
});

/** Page 1 replaces the entry; a later page appends its new records and brings the page's other fields. */
export const mergeRecordPages = <T extends { id: number }, P extends Page<T> = Page<T>>(
  current: P,
  incoming: P,
  { arg }: { arg: { pageNumber: number } },
): P => {
  if (arg.pageNumber === 1) return incoming;
  const known = new Set(current.records.map((r) => r.id));
  const records = [...current.records, ...incoming.records.filter((r) => !known.has(r.id))];
  return { ...incoming, records };
};

/** A record created or updated goes to the top; a deleted one leaves. */
export const applyRecordEvent = <T extends { id: number }>(
  draft: Page<T>,
  payload: { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number },
): void => {
  if (payload.action === 'delete') {
    draft.records = draft.records.filter((r) => r.id !== payload.id);
    return;
  }
  draft.records = [payload.record, ...draft.records.filter((r) => r.id !== payload.record.id)];
};
