import { useCallback, useEffect, type ReactNode } from 'react';
import { isMaintenanceReply, refreshSession } from '../../api/base-query.js';
import { storeToken } from '../../lib/browser-storage.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import type { ProbeOutcome } from '../maintenance/maintenance-probe.js';
import {
  maintenanceEnded,
  maintenanceStarted,
  selectMaintenance,
} from '../maintenance/maintenance.slice.js';
import {
  checkByRefresh,
  LazyMaintenanceScreen as MaintenanceScreen,
} from '../maintenance/lazy-maintenance-screen.js';
import { loggedIn, loggedOut, selectSession } from './session.slice.js';
import { startSession } from './start-session.js';
import { FullPageSpinner } from '../../components/full-page-spinner.js';

/**
 * On start, a stored token means a session to restore by a token refresh (spec 1 §4). A fenced
 * company's refresh is refused without ending the session: the maintenance screen waits for the fence
 * to lift, then the session is restored as usual.
 */
export const SessionRestore = ({ children }: { children: ReactNode }) => {
  const { status } = useAppSelector(selectSession);
  const maintenance = useAppSelector(selectMaintenance);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (status !== 'restoring') return;
    let cancelled = false;
    void refreshSession().then(async (result) => {
      if (cancelled) return;
      if (isMaintenanceReply(result)) {
        dispatch(maintenanceStarted({ retryAfter: result.retryAfter }));
        return;
      }
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

  const reopened = useCallback(
    (outcome: ProbeOutcome) => {
      dispatch(maintenanceEnded());
      if (!(outcome.open && outcome.session)) {
        storeToken(null);
        dispatch(loggedOut());
        return;
      }
      const session = outcome.session;
      void startSession(session).then(() => dispatch(loggedIn(session)));
    },
    [dispatch],
  );

  if (status !== 'restoring') return children;
  if (!maintenance.active) return <FullPageSpinner />;
  return (
    <MaintenanceScreen
      retryAfter={maintenance.retryAfter}
      check={checkByRefresh}
      onOpen={reopened}
    />
  );
};
