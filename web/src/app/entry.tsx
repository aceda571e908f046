import type { AuthResult } from '@sb/contracts';
import { createContext, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { storedToken } from './browser-storage.js';
import { lazyComponent } from './lazy-page.js';
import type { AppStore } from './store.js';
import './boot.css';

/** A message for the logged-in app to show once its toaster exists (the login page has none). */
export type Notice = { kind: 'error' | 'warning'; text: string };

/** What the login page hands to the app it loads: the new session, where it lands, its notices. */
export type Handoff = { result: AuthResult; landing: string; notices: Notice[] };

export type Entry = {
  /** Leaves the login page for the app, logged in. */
  enterApp: (handoff: Handoff) => void;
  /** The app, logged out on /login, gives the page back to the light login page. */
  leaveApp: () => void;
};

export const EntryContext = createContext<Entry | null>(null);

export const LightLoginPage = lazyComponent(() =>
  import('../features/auth/login-page.js').then((m) => m.LoginPage),
);

/** Chakra, the store, RTK Query, the routes: everything past the login page. */
export const AppRoot = lazyComponent(() => import('./app-root.js').then((m) => m.AppRoot));

export const BootSpinner = () => (
  <div className="sb-boot" role="status" aria-live="polite">
    <span className="sb-spinner" />
  </div>
);

/**
 * The first thing rendered (issue 14). /login without a session is the light login page: plain React
 * and CSS, no Chakra, no store. Everything else, and the login page's success, loads the app.
 * `store`: the app's store given by a test instead of a new one.
 */
export const Root = ({ store }: { store?: AppStore }) => {
  const { pathname } = useLocation();
  const [mode, setMode] = useState<{ app: boolean; handoff: Handoff | null }>(() => ({
    app: storedToken() !== null || store?.getState().session.status === 'authenticated',
    handoff: null,
  }));
  const entry = useMemo<Entry>(
    () => ({
      enterApp: (handoff) => setMode({ app: true, handoff }),
      leaveApp: () => setMode({ app: false, handoff: null }),
    }),
    [],
  );
  const light = pathname === '/login' && !mode.app;
  return (
    <EntryContext.Provider value={entry}>
      <Suspense fallback={<BootSpinner />}>
        {light ? <LightLoginPage /> : <AppRoot handoff={mode.handoff} store={store} />}
      </Suspense>
    </EntryContext.Provider>
  );
};
