/**
 * PUT bodies change only the fields they carry (the peers' `update(body)` semantics): of the values a
 * schema parsed, those whose key the raw body holds. A field the body leaves out keeps its stored value
 * instead of falling back to the schema's default.
 */
export function givenFields<T extends Record<string, unknown>>(
  parsed: T,
  raw: unknown,
): Partial<T> {
  if (typeof raw !== 'object' || raw === null) return {};
  const given: Partial<T> = {};
  for (const key of Object.keys(parsed) as (keyof T & string)[]) {
    if (Object.hasOwn(raw, key) && (raw as Record<string, unknown>)[key] !== undefined) {
      given[key] = parsed[key];
    }
  }
  return given;
}
