/**
 * Where a service reads the time. Rules and durable jobs take it from here, never from `Date.now()`,
 * so conversation tests can move time forward (a manual clock) while production runs on the system's.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export * from './wall-clock.js';
