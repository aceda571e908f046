import type { SessionUser } from '@sb/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot, Root } from '../app/entry.js';
import { LightLoginPage } from '../app/light-login-page.js';
import { initI18n, namespaces } from '../app/i18n.js';
import { preloadRoutePages } from '../app/route-pages.js';
import { createStore } from '../app/store.js';

let i18nReady: Promise<unknown> | null = null;
export const setupI18n = async (language = 'en') => {
  // every area at once: screens rendered on their own do not go through the shell that loads them
  i18nReady ??= initI18n().then(async (i18n) => {
    await i18n.loadNamespaces(namespaces);
    return i18n;
  });
  const i18n = (await i18nReady) as Awaited<ReturnType<typeof initI18n>>;
  await i18n.changeLanguage(language);
  return i18n;
};

/** Renders the whole app at a path, logged in as `user` or logged out. */
export const renderApp = async (path: string, user?: SessionUser) => {
  // pages are lazy chunks in the app: load them first so the screen renders in one pass, as before
  await setupI18n();
  await Promise.all([
    preloadRoutePages(),
    AppRoot.preload(),
    LightLoginPage.preload(),
    import('../features/tickets/tickets-page.js').then((m) => m.preloadTicketParts()),
  ]);
  const store = createStore(
    user
      ? { session: { status: 'authenticated', user } }
      : { session: { status: 'anonymous', user: null } },
  );
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Root store={store} />
    </MemoryRouter>,
  );
  return { ...view, store };
};
