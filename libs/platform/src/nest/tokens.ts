/** Injection token of the service's `Bus`. */
export const BUS = 'sb:bus';
/** Injection token of the service's pino `Logger`. */
export const LOGGER = 'sb:logger';
/** Injection token of the service's environment (`Record<string, string | undefined>`). */
export const ENV = 'sb:env';
/** Injection token of the service's `Clock` (the system's unless a test gives its own). */
export const CLOCK = 'sb:clock';
/**
 * Injection token of the service's `LocalRefsCheck`: the ownership check of the refs a request carries
 * in its envelope, run before every handler (a service receiving refs without one refuses them all).
 */
export const REFS_CHECK = 'sb:refs-check';
