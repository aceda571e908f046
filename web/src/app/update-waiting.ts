/**
 * Where a waiting release meets the notice that offers it: service-worker.ts (loaded once the page is
 * idle) announces it, UpdateNotice (in the first screen) listens. Kept apart so the first screen does
 * not carry the registration code.
 */

/** Activates the waiting worker; the page reloads once it controls the page. */
export type ApplyUpdate = () => void;

let pendingUpdate: ApplyUpdate | null = null;
const listeners = new Set<(apply: ApplyUpdate) => void>();

/**
 * Calls `listener` when a new release waits (at once if one already does): the app shows its "click to
 * reload" notice. Returns the unsubscribe.
 */
export const onUpdateWaiting = (listener: (apply: ApplyUpdate) => void) => {
  listeners.add(listener);
  if (pendingUpdate) listener(pendingUpdate);
  return () => {
    listeners.delete(listener);
  };
};

/** A new release waits: tell the listeners (and whoever listens later). */
export const announceUpdate = (apply: ApplyUpdate) => {
  pendingUpdate = apply;
  for (const listener of listeners) listener(apply);
};

/** Tests: forget a waiting update and the listeners. */
export const resetUpdateWaiting = () => {
  pendingUpdate = null;
  listeners.clear();
};
