import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from './hooks.js';
import { notify } from '../components/toaster.js';
import { loggedIn } from '../features/auth/session.slice.js';
import { App, AppProviders } from './app.js';
import type { Handoff } from './entry-context.js';
import { createStore, type AppStore } from './store.js';

const loggedInBy = (handoff: Handoff) => loggedIn({ ...handoff.result, landing: handoff.landing });

/**
 * Takes each login the login page hands over once: its session into the store (unless the store got it
 * before the first render), its notices to the toaster, which exists now.
 */
const HandoffReceiver = ({
  handoff,
  stored,
}: {
  handoff: Handoff | null;
  stored: Handoff | null;
}) => {
  const dispatch = useAppDispatch();
  const taken = useRef<Handoff | null>(null);
  useEffect(() => {
    if (!handoff || taken.current === handoff) return;
    taken.current = handoff;
    if (handoff !== stored) dispatch(loggedInBy(handoff));
    for (const notice of handoff.notices) notify[notice.kind](notice.text);
  }, [dispatch, handoff, stored]);
  return null;
};

/**
 * The app past the login page, in its own chunk (entry.tsx), with the sessions the login page hands over.
 */
export const AppRoot = ({
  handoff,
  store: given,
}: {
  handoff: Handoff | null;
  store?: AppStore;
}) => {
  const [store] = useState(() => given ?? createStore());
  // the login that loaded the app goes in before the first render, so the guards see it at once
  const [stored] = useState(() => {
    if (handoff) store.dispatch(loggedInBy(handoff));
    return handoff;
  });
  return (
    <AppProviders store={store}>
      <HandoffReceiver handoff={handoff} stored={stored} />
      <App />
    </AppProviders>
  );
};
