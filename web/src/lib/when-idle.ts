/**
 * Runs `task` once the browser is idle after the first screen (at the latest after `timeoutMs`), so
 * what is not needed to draw it does not compete with the scripts that are. Returns the cancel.
 */
export const whenIdle = (task: () => void, timeoutMs = 2_000): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
};
