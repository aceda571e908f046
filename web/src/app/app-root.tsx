import { useEffect, useRef, useState } from 'react';
import { notify } from '../components/toaster.js';
import { loggedIn } from '../features/auth/session.slice.js';
import { App, AppProviders } from './app.js';
import type { Handoff, Notice } from './entry.js';
import { createStore, type AppStore } from './store.js';

/** Shows the login page's notices once, now that the toaster exists. */
const HandoffNotices = ({ notices }: { notices: Notice[] }) => {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    for (const notice of notices) notify[notice.kind](notice.text);
  }, [notices]);
  return null;
};

/**
 * The app past the login page, in its own chunk (entry.tsx). A login hands over its session, which
 * goes into the store before the first render so the guards see it at once.
 */
export const AppRoot = ({
  handoff,
  store: given,
}: {
  handoff: Handoff | null;
  store?: AppStore;
}) => {
  const [store] = useState(() => {
    const store = given ?? createStore();
    if (handoff) store.dispatch(loggedIn({ ...handoff.result, landing: handoff.landing }));
    return store;
  });
  return (
    <AppProviders store={store}>
      {handoff && <HandoffNotices notices={handoff.notices} />}
      <App />
    </AppProviders>
  );
};
