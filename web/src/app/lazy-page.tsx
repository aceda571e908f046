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
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed chunk (network, new deploy) is tried again on the next render
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload: async () => void (await preload()) });
};
