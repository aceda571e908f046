import {
  RefOwners,
  refNotFoundCode,
  type AnonymousContext,
  type FoundRef,
  type RefId,
  type RefKind,
  type RefOwner,
  type RefsCheckReply,
  type RefsCheckRequest,
  type RequestContext,
} from '@sb/contracts';
import { AppError } from '../errors/app-error.js';

/** Asks one owning service which ids are not the caller's company's (`<owner>.refs.check`). */
export type AskOwner = (
  owner: RefOwner,
  ctx: RequestContext | AnonymousContext,
  request: RefsCheckRequest,
) => Promise<RefsCheckReply>;

/**
 * Answers a refs check for the kinds a service can check itself (its own tables, its replicas): what a
 * service registers once under `REFS_CHECK`, so the references a request carries in its envelope
 * (`BusRequest.refs`) are checked before any handler runs.
 */
export type LocalRefsCheck = {
  missing(
    ctx: RequestContext | AnonymousContext,
    request: RefsCheckRequest,
  ): Promise<RefsCheckReply>;
};

/**
 * Refuses a request naming a record that is not the caller's company's: one question per owning
 * service, then a 404 naming every such field (404 as for another company's id in a path: the record
 * does not exist for this caller), with the kind's own code (`ERR_NO_QUEUE_FOUND`…) or, for several
 * kinds, `ERR_REFERENCE_NOT_FOUND`. An anonymous caller has no
 * company, so any id it names is refused (the owners answer "missing" for company 0).
 */
export const checkReferences = async (
  ctx: RequestContext | AnonymousContext,
  found: FoundRef[],
  ask: AskOwner,
): Promise<void> => {
  if (found.length === 0) return;
  const byOwner = new Map<RefOwner, Partial<Record<RefKind, RefId[]>>>();
  for (const { kind, ids } of found) {
    const refs = byOwner.get(RefOwners[kind]) ?? {};
    refs[kind] = [...new Set([...(refs[kind] ?? []), ...ids])];
    byOwner.set(RefOwners[kind], refs);
  }
  const replies = await Promise.all([...byOwner].map(([owner, refs]) => ask(owner, ctx, { refs })));
  const missing = new Map<RefKind, Set<string>>();
  for (const reply of replies)
    for (const [kind, ids] of Object.entries(reply.missing) as [RefKind, RefId[]][])
      missing.set(kind, new Set(ids.map(String)));
  const fields: Record<string, string[]> = {};
  const absentByKind: Partial<Record<RefKind, RefId[]>> = {};
  for (const { path, kind, ids } of found) {
    const absent = ids.filter((id) => missing.get(kind)?.has(String(id)));
    if (absent.length === 0) continue;
    fields[path] = [`No ${kind} ${absent.join(', ')} in this company`];
    absentByKind[kind] = [...new Set([...(absentByKind[kind] ?? []), ...absent])];
  }
  if (Object.keys(fields).length === 0) return;
  const code = refNotFoundCode(Object.keys(absentByKind) as RefKind[]);
  throw new AppError(code, { status: 404, fields, details: { missing: absentByKind } });
};
