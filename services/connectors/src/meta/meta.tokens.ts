/** Injection token of the MetaRuntime (Graph client, drivers, webhook intake). */
export const META_RUNTIME = 'sb:connectors:meta-runtime';
