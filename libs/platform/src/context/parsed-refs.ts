import { AsyncLocalStorage } from 'node:async_hooks';
import { collectRefs, type FoundRef } from '@sb/contracts';
import type { z } from 'zod';

/**
 * The references (ids of other records) that the inputs parsed while serving one call carried. The
 * gateway opens a collection around every HTTP handler and checks what was collected before it forwards
 * anything, so a route cannot skip the ownership check: parsing its input is enough to be checked.
 */
const collections = new AsyncLocalStorage<FoundRef[]>();

/** Runs `fn` collecting the references of every input parsed below it. */
export function collectingParsedRefs<T>(fn: () => T): T {
  return collections.run([], fn);
}

/** Notes the references of a parsed input (a no-op outside a collection, e.g. inside a service). */
export function noteParsedRefs(schema: z.ZodType, value: unknown): void {
  const collected = collections.getStore();
  if (collected) collected.push(...collectRefs(schema, value));
}

/** The references collected so far, emptied (each is checked once). */
export function takeParsedRefs(): FoundRef[] {
  return collections.getStore()?.splice(0) ?? [];
}
