/**
 * NATS subject matching: `*` matches exactly one token, `>` (last token only) one or more.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const got = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === '>') return i === want.length - 1 && got.length > i;
    if (i >= got.length) return false;
    if (token !== '*' && token !== got[i]) return false;
  }
  return want.length === got.length;
}

export const matchesAny = (patterns: readonly string[], subject: string) =>
  patterns.some((pattern) => subjectMatches(pattern, subject));
