import { createElement, lazy, type ComponentType } from 'react';

/** A screen in its own chunk, loaded on first use. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Wraps a page's dynamic import. Once loaded (or preloaded), the page renders directly instead of
 * suspending again, so a preloaded page renders in one pass (tests preload every page).
 */
export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  // a chunk that fails to load (gone after a new release) reloads the app: stale-chunks.ts
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload: async () => void (await preload()) });
};
