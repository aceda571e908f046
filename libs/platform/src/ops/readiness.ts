/**
 * What makes THIS process ready (ops-contract.md): each part of it (a service's database, the bus, the
 * durable consumers) registers a check; `/health/ready` runs them all. A check throws (or times out)
 * when its part is down.
 */
export type ReadinessCheck = () => Promise<void> | void;

export type ReadinessReport = {
  ready: boolean;
  /** "ok" or why the check failed, by check name */
  checks: Record<string, string>;
};

const checks = new Map<string, ReadinessCheck>();

/** Registers a named check; answers its removal (a service that closes takes its checks along). */
export function addReadinessCheck(name: string, check: ReadinessCheck): () => void {
  checks.set(name, check);
  return () => {
    if (checks.get(name) === check) checks.delete(name);
  };
}

/** Longer than a healthy `SELECT 1`, shorter than a kubelet probe's default 1 s timeout × 3. */
export const readinessCheckTimeoutMs = 1_500;

async function run(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check side by side; ready when all answer ok. */
export async function checkReadiness(
  timeoutMs: number = readinessCheckTimeoutMs,
): Promise<ReadinessReport> {
  const entries = await Promise.all(
    [...checks].map(async ([name, check]) => [name, await run(check, timeoutMs)] as const),
  );
  return {
    ready: entries.every(([, result]) => result === 'ok'),
    checks: Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** Makes the process not ready while `phase` holds (starting, stopping); answers its end. */
export const notReadyWhile = (phase: string): (() => void) =>
  addReadinessCheck(phase, () => {
    throw new Error(`the process is ${phase}`);
  });
