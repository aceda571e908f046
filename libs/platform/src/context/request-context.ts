import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AnonymousContext, RequestContext } from '@sb/contracts';

export type CallContext = RequestContext | AnonymousContext;

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `fn` with `ctx` as the current context (logs and handlers below it see it). */
export function runInContext<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The context of the call being served, if any. */
export function currentContext(): CallContext | undefined {
  return storage.getStore();
}

/** The language of the spec's fallback (`es`) when the caller sent none. */
const fallbackLanguage = 'es';

/** Context for calls nobody is logged in for (login, signup, public lists). */
export function anonymousContext(
  requestId: string = randomUUID(),
  lang = fallbackLanguage,
): AnonymousContext {
  return { requestId, companyId: 0, userId: 0, profile: 'anonymous', super: false, lang };
}
