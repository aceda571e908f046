import { Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { storedToken } from '../lib/browser-storage.js';
import { EntryContext, type Entry, type Handoff } from './entry-context.js';
import { LightLoginPage } from './light-login-page.js';
import { lazyComponent } from './lazy-page.js';
import type { AppStore } from './store.js';
import './boot.css';

/** Chakra, the store, RTK Query, the routes: everything past the login page. */
export const AppRoot = lazyComponent(() => import('./app-root.js').then((m) => m.AppRoot));

export const BootSpinner = () => (
  <div className="sb-boot" role="status" aria-live="polite">
    <span className="sb-spinner" />
  </div>
);

/**
 * The first thing rendered (issue 14). A visitor who opens /login without a session gets the login page
 * alone: plain React and CSS, no Chakra, no store. Any other page, a stored session or the login's
 * success loads the app, which then stays (its /login route shows the same login page, and toasts such
 * as "account created" survive the way back to it). `store`: the app's store given by a test.
 */
export const Root = ({ store }: { store?: AppStore }) => {
  const { pathname } = useLocation();
  const [app, setApp] = useState(
    () =>
      pathname !== '/login' ||
      storedToken() !== null ||
      store?.getState().session.status === 'authenticated',
  );
  const [handoff, setHandoff] = useState<Handoff | null>(null);
  // once needed, the app stays mounted
  if (!app && pathname !== '/login') setApp(true);
  const entry = useMemo<Entry>(
    () => ({
      enterApp: (next) => {
        setHandoff(next);
        setApp(true);
      },
    }),
    [],
  );
  return (
    <EntryContext.Provider value={entry}>
      <Suspense fallback={<BootSpinner />}>
        {app ? <AppRoot handoff={handoff} store={store} /> : <LightLoginPage />}
      </Suspense>
    </EntryContext.Provider>
  );
};
