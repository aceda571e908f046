import type { Logger } from '@sb/platform/logger';

export type LoadUntilAnswered = {
  /** resolves once `load` succeeded (never rejects; retries until stopped) */
  loaded: Promise<void>;
  /** stops retrying: a wait in progress ends at once */
  stop(): void;
};

/**
 * Runs `load` (a list asked from identity at boot) until it succeeds: the first retry after
 * `retryMs`, doubling up to `maxRetryMs`. Logs the first failure and every tenth, not each one.
 */
export function loadUntilAnswered(options: {
  load: () => Promise<void>;
  logger: Logger;
  /** what is loaded, for the warning: "fenced companies" */
  what: string;
  retryMs?: number;
  maxRetryMs?: number;
}): LoadUntilAnswered {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const run = async () => {
    let delay = options.retryMs ?? 500;
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await options.load();
        return;
      } catch (err) {
        if (attempt === 1 || attempt % 10 === 0) {
          options.logger.warn(
            { err, attempt },
            `${options.what} not loaded yet, identity did not answer; retrying`,
          );
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, delay);
        });
        delay = Math.min(delay * 2, options.maxRetryMs ?? 10_000);
      }
    }
  };
  return {
    loaded: run(),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
    },
  };
}
