import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { preloadToasts } from '../components/toaster.js';

// findBy*/waitFor wait 1 s by default: while the whole suite runs on a busy 2-core runner, a screen
// that renders in 0.3 s alone (the ticket workspace after a login) can take longer than that.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Chakra's positioning and media queries read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;

// the app fetches the toasts' view with the first toast; screen tests look for a toast in the same pass
await preloadToasts();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Files share a worker (vite.config.ts): each one gets our modules evaluated afresh, so a module
// state or a vi.mock of one file never reaches the next. Registered first, so it runs last.
afterAll(() => {
  vi.resetModules();
});
