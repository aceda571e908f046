import { useEffect, type ReactNode } from 'react';
import { refreshSession } from '../../api/base-query.js';
import { storeToken } from '../../lib/browser-storage.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { loggedIn, loggedOut, selectSession } from './session.slice.js';
import { startSession } from './start-session.js';
import { FullPageSpinner } from '../../components/full-page-spinner.js';

/** On start, a stored token means a session to restore by a token refresh (spec 1 §4). */
export const SessionRestore = ({ children }: { children: ReactNode }) => {
  const { status } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (status !== 'restoring') return;
    let cancelled = false;
    void refreshSession().then(async (result) => {
      if (cancelled) return;
      if (!result) {
        storeToken(null);
        dispatch(loggedOut());
        return;
      }
      await startSession(result);
      dispatch(loggedIn(result));
    });
    return () => {
      cancelled = true;
    };
  }, [dispatch, status]);

  return status === 'restoring' ? <FullPageSpinner /> : children;
};
