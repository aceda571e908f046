import { createElement, lazy, type ComponentType } from 'react';

/** A component in its own chunk, loaded on first use. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/** A screen in its own chunk, loaded on first use. */
export type LazyPage = LazyComponent<object>;

/**
 * Wraps a component's dynamic import. Once loaded (or preloaded), it renders directly instead of
 * suspending again, so a preloaded component renders in one pass (tests preload every page).
 */
export const lazyComponent = <P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> => {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // a chunk that fails to load (gone after a new release) reloads the app: stale-chunks.ts
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload: async () => void (await preload()) });
};

export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => lazyComponent(load);
