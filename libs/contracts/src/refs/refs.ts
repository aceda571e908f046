import { z } from 'zod';
import type { ServiceName } from '../bus/subjects.js';
import type { ErrorCode } from '../errors/error-codes.js';

/**
 * Every kind of record a request may point at, with the service that owns it (and answers its
 * `<service>.refs.check`). A request of company B naming company A's queue, prompt or connection is
 * refused before it reaches the service that would store it.
 */
export const RefOwners = {
  user: 'identity',
  queue: 'tickets',
  chatbot: 'tickets',
  prompt: 'tickets',
  queueIntegration: 'tickets',
  fileList: 'tickets',
  fileListOption: 'tickets',
  contact: 'tickets',
  ticket: 'tickets',
  tag: 'tickets',
  message: 'tickets',
  connection: 'connectors',
  contactList: 'campaigns',
  contactListItem: 'campaigns',
  campaign: 'campaigns',
} as const satisfies Record<string, ServiceName>;
export type RefKind = keyof typeof RefOwners;
export const RefKinds = Object.keys(RefOwners) as RefKind[];
export type RefOwner = (typeof RefOwners)[RefKind];

/**
 * Kinds a service checks itself without owning them, from the replicas it keeps (tickets holds every
 * company's users and connections in memory). With the kinds it owns, these travel in the request's
 * envelope to that service instead of costing the gateway a `refs.check` round trip.
 */
export const RefReplicas: Partial<Record<ServiceName, readonly RefKind[]>> = {
  tickets: ['user', 'connection'],
};

/** Whether `service` checks ids of `kind` itself (it owns them or keeps a replica of them). */
export const checksRefsItself = (service: string, kind: RefKind): boolean =>
  RefOwners[kind] === service || (RefReplicas[service as ServiceName]?.includes(kind) ?? false);

/**
 * The catalogue's own "not found" code of each kind (what the spec's clients already know, all 404);
 * a refusal naming several kinds, or a kind without one, is `ERR_REFERENCE_NOT_FOUND`.
 */
export const RefNotFoundCodes: Record<RefKind, ErrorCode> = {
  user: 'ERR_NO_USER_FOUND',
  queue: 'ERR_NO_QUEUE_FOUND',
  chatbot: 'ERR_REFERENCE_NOT_FOUND',
  prompt: 'ERR_NO_PROMPT_FOUND',
  queueIntegration: 'ERR_NO_INTEGRATION_FOUND',
  fileList: 'ERR_NO_FILE_LIST_FOUND',
  fileListOption: 'ERR_NO_FILE_LIST_FOUND',
  contact: 'ERR_NO_CONTACT_FOUND',
  ticket: 'ERR_NO_TICKET_FOUND',
  tag: 'ERR_NO_TAG_FOUND',
  message: 'ERR_NO_MESSAGE_FOUND',
  connection: 'ERR_NO_WAPP_FOUND',
  contactList: 'ERR_NO_CONTACT_LIST_FOUND',
  contactListItem: 'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  campaign: 'ERR_NO_CAMPAIGN_FOUND',
};

/** The code answering a refusal of these kinds. */
export const refNotFoundCode = (kinds: RefKind[]): ErrorCode => {
  const codes = new Set(kinds.map((kind) => RefNotFoundCodes[kind]));
  return codes.size === 1 ? [...codes][0]! : 'ERR_REFERENCE_NOT_FOUND';
};

/** A record's id: serial numbers, uuids for messages. */
export type RefId = number | string;

/** Metadata keys (zod `.meta`, so the OpenAPI description shows them too). */
export const RefMetaKey = 'x-sb-ref';
export const UnownedMetaKey = 'x-sb-unowned';

/** Declares a field (an id or an array of ids) as pointing at a record of the caller's company. */
export const ref = <S extends z.ZodType>(kind: RefKind, schema: S): S =>
  schema.meta({ [RefMetaKey]: kind });

/**
 * Declares an id-like field that is not a record of the caller's company (Meta's page ids, platform-wide
 * plans, a filter that only narrows the caller's own list); the reason is documentation.
 */
export const unowned = <S extends z.ZodType>(reason: string, schema: S): S =>
  schema.meta({ [UnownedMetaKey]: reason });

/** `<service>.refs.check`: which of these ids are not the caller's company's (ctx.companyId). */
export type RefsCheckRequest = { refs: Partial<Record<RefKind, RefId[]>> };
export type RefsCheckReply = { missing: Partial<Record<RefKind, RefId[]>> };

/** One reference found in a parsed input: the field's dotted path, its kind, its ids. */
export type FoundRef = { path: string; kind: RefKind; ids: RefId[] };

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (schema: z.ZodType): Record<string, unknown> | undefined =>
  z.globalRegistry.get(schema) as Record<string, unknown> | undefined;

const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

const idsOf = (value: unknown): RefId[] => {
  const values = Array.isArray(value) ? value : [value];
  return values.filter(
    (v): v is RefId => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string',
  );
};

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The references a value parsed by `schema` carries, walking the schema and the value together. */
export const collectRefs = (schema: z.ZodType, value: unknown, path = ''): FoundRef[] => {
  if (value === undefined || value === null) return [];
  const kind = metaOf(schema)?.[RefMetaKey] as RefKind | undefined;
  if (kind) {
    const ids = idsOf(value);
    return ids.length ? [{ path: path || '_', kind, ids }] : [];
  }
  const def = defOf(schema);
  if (wrappers.has(def.type)) return collectRefs(def.innerType!, value, path);
  switch (def.type) {
    case 'pipe':
      return collectRefs(def.in!, value, path);
    case 'lazy':
      return collectRefs(def.getter!(), value, path);
    case 'object': {
      if (typeof value !== 'object') return [];
      const record = value as Record<string, unknown>;
      return Object.entries(def.shape!).flatMap(([key, field]) =>
        collectRefs(field, record[key], join(path, key)),
      );
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, index) => collectRefs(def.element!, item, join(path, index)))
        : [];
    case 'union': {
      // the first option that accepts the value is the one that parsed it
      const option = def.options!.find((o) => o.safeParse(value).success);
      return option ? collectRefs(option, value, path) : [];
    }
    case 'intersection':
      return [...collectRefs(def.left!, value, path), ...collectRefs(def.right!, value, path)];
    case 'record':
      return typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
            collectRefs(def.valueType!, item, join(path, key)),
          )
        : [];
    default:
      return [];
  }
};

/** A field name that reads as an id: `id`, `queueId`, `queueIds`, `sendIdQueue`. */
export const looksLikeId = (name: string): boolean => /^id$|Ids?$|Id[A-Z]/.test(name);

/**
 * The id-like fields of a schema declared neither `ref` nor `unowned` (dotted paths, `[]` for array
 * items): a new input schema that forgets one fails the contracts test that walks them all.
 */
export const unmarkedIdFields = (schema: z.ZodType): string[] => {
  const found: string[] = [];
  const seen = new Set<z.ZodType>();
  const marked = (s: z.ZodType): boolean => {
    const meta = metaOf(s);
    if (meta?.[RefMetaKey] || meta?.[UnownedMetaKey]) return true;
    const def = defOf(s);
    if (wrappers.has(def.type)) return marked(def.innerType!);
    if (def.type === 'pipe') return marked(def.in!);
    return false;
  };
  const walk = (s: z.ZodType, path: string): void => {
    if (seen.has(s)) return;
    seen.add(s);
    if (metaOf(s)?.[RefMetaKey] || metaOf(s)?.[UnownedMetaKey]) return;
    const def = defOf(s);
    if (wrappers.has(def.type)) return walk(def.innerType!, path);
    switch (def.type) {
      case 'pipe':
        walk(def.in!, path);
        return walk(def.out!, path);
      case 'lazy':
        return walk(def.getter!(), path);
      case 'object':
        for (const [key, field] of Object.entries(def.shape!)) {
          if (looksLikeId(key) && !marked(field)) found.push(join(path, key));
          else walk(field, join(path, key));
        }
        return;
      case 'array':
        return walk(def.element!, join(path, '[]'));
      case 'union':
        return def.options!.forEach((o) => walk(o, path));
      case 'intersection':
        walk(def.left!, path);
        return walk(def.right!, path);
      case 'record':
        return walk(def.valueType!, join(path, '*'));
      default:
        return;
    }
  };
  walk(schema, '');
  return found;
};

/** `<service>.refs.check` request as the owning service validates it. */
export const RefsCheckRequestSchema = z.object({
  refs: z.partialRecord(
    z.enum(RefKinds as [RefKind, ...RefKind[]]),
    z.array(z.union([z.number(), z.string().max(100)])).max(2_000),
  ),
});

const serialMax = 2_147_483_647;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids of a kind that can name a row at all: serial ids are positive int4, message ids uuids.
 * Anything else is missing without asking the database (and never a cast error there).
 */
export const plausibleRefIds = (kind: RefKind, ids: RefId[]): RefId[] =>
  kind === 'message'
    ? ids.filter((id) => typeof id === 'string' && uuidPattern.test(id))
    : ids.filter((id) => Number.isInteger(Number(id)) && Number(id) > 0 && Number(id) <= serialMax);

/**
 * Answers a refs check with a per-kind lookup of the ids that are the company's (the service's
 * repository query): the rest are missing. Kinds the service does not own are answered as missing.
 */
export const missingRefs = async (
  request: RefsCheckRequest,
  owned: (kind: RefKind, ids: RefId[]) => Promise<RefId[]> | undefined,
): Promise<RefsCheckReply> => {
  const missing: RefsCheckReply['missing'] = {};
  for (const [kind, ids] of Object.entries(request.refs) as [RefKind, RefId[]][]) {
    const unique = [...new Set(ids)];
    const plausible = plausibleRefIds(kind, unique);
    const found = plausible.length ? await (owned(kind, plausible) ?? []) : [];
    const foundKeys = new Set(found.map(String));
    const absent = unique.filter((id) => !foundKeys.has(String(id)));
    if (absent.length) missing[kind] = absent;
  }
  return { missing };
};
