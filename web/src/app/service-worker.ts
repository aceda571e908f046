import { announceUpdate } from './update-waiting.js';

/** The worker script the build writes at the root (build-plugins.ts serviceWorkerScript). */
export const ServiceWorkerUrl = '/sw.js';

type Reload = () => void;

const reloadPage: Reload = () => window.location.reload();

const announce = (container: ServiceWorkerContainer, worker: ServiceWorker, reload: Reload) =>
  announceUpdate(() => {
    container.addEventListener('controllerchange', () => reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });

/** A new worker that finished installing while an older one controls the page is a new release. */
const watchForUpdates = (
  container: ServiceWorkerContainer,
  registration: ServiceWorkerRegistration,
  reload: Reload,
) => {
  if (registration.waiting && container.controller) {
    announce(container, registration.waiting, reload);
  }
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // without a controller this is the first install: nothing to reload into
      if (installing.state === 'installed' && container.controller) {
        announce(container, installing, reload);
      }
    });
  });
  // a tab left open for days: look for a new release whenever it comes back into view
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
};

/**
 * Whether the server still has the worker script (spec 3 §4 "Service worker registration"). A 404, or an
 * answer that is not JavaScript (a proxy that answers every path with index.html), means the deployment
 * no longer serves it: `false`. An unreachable server says nothing (`null`): keep what is installed.
 */
const scriptIsServed = async (): Promise<boolean | null> => {
  try {
    const response = await fetch(ServiceWorkerUrl, {
      headers: { 'Service-Worker': 'script' },
      cache: 'no-store',
    });
    const type = response.headers.get('content-type') ?? '';
    return response.status !== 404 && type.includes('javascript');
  } catch {
    return null;
  }
};

/**
 * Registers the service worker, or, when its script is gone, unregisters the installed one and reloads
 * the page (once: with no worker left there is nothing to unregister the next time).
 */
export const registerServiceWorker = async (reload: Reload = reloadPage): Promise<void> => {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const served = await scriptIsServed();
  if (served === false) {
    const installed = await container.getRegistration();
    if (installed && (await installed.unregister())) reload();
    return;
  }
  if (served === null) return;
  try {
    watchForUpdates(container, await container.register(ServiceWorkerUrl), reload);
  } catch {
    // a browser that refuses workers (private mode, blocked by policy) runs the app without one
  }
};
