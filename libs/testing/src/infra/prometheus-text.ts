/**
 * The value of one series in a Prometheus text scrape: the sample named `name` whose labels are exactly
 * `labels` (in any order, as prom-client orders them its own way); undefined when there is none.
 */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, key, value]) => [key, value] as [string, string])
      .sort(([a], [b]) => a.localeCompare(b));
    if (JSON.stringify(found) === wanted) return Number(match[3]);
  }
  return undefined;
}
