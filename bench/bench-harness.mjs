// What every benchmark shares: a bounded closed-loop load driver, percentiles, and the result file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** Nearest-rank percentile of an ascending array, rounded to 0.01. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return Math.round(sorted[rank - 1] * 100) / 100;
}

/** Summary metrics of a list of latencies in ms. */
export function latencyMetrics(prefix, latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    [`${prefix}p50_ms`]: percentile(sorted, 50),
    [`${prefix}p95_ms`]: percentile(sorted, 95),
    [`${prefix}p99_ms`]: percentile(sorted, 99),
  };
}

/**
 * Runs `iteration()` in `concurrency` parallel loops until `durationMs` has passed or `maxIterations`
 * were started, whichever comes first: the load is closed-loop and always stops by itself.
 * `iteration` returns nothing; it records its own timings and throws to count an error.
 */
export async function driveLoad({ concurrency, durationMs, maxIterations, iteration }) {
  const deadline = performance.now() + durationMs;
  let started = 0;
  let errors = 0;
  const firstErrors = [];
  const loop = async () => {
    while (performance.now() < deadline && started < maxIterations) {
      started += 1;
      try {
        await iteration();
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 3)
          firstErrors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { iterations: started, errors, firstErrors, elapsedMs: performance.now() - begin };
}

/** Writes bench/results/<name>.json as `{ name, ...extra, metrics }` and returns its path. */
export function writeResult(name, metrics, extra = {}) {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify({ name, ...extra, metrics }, null, 2)}\n`);
  return file;
}

/** A positive number from the environment, or the fallback. */
export function envNumber(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * A JSON caller of the gateway at `apiUrl`: `(token, method, path, body)` answers the parsed body and
 * throws on a status of 300 or more (no token: no authorization header).
 */
export function gatewayCall(apiUrl) {
  return async (token, method, path, body) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
