/** What a failed schema parse reports of one field (zod's issue, as far as forms read it). */
type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The first error of each field a parse refused: `required` where the form sent the field empty or not
 * at all, otherwise `invalid` of the issue (a fixed text, or the schema's own message).
 */
export const fieldErrors = <K extends string>(
  issues: readonly Issue[],
  raw: Partial<Record<K, unknown>>,
  required: string,
  invalid: (issue: Issue) => string,
): Partial<Record<K, string>> => {
  const found: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0] as K;
    found[key] ??= raw[key] === undefined || raw[key] === '' ? required : invalid(issue);
  }
  return found;
};
