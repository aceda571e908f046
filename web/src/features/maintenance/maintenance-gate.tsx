import { useCallback, type ReactNode } from 'react';
import { baseApi, TagTypes } from '../../api/base-api.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { loggedIn } from '../auth/session.slice.js';
import type { ProbeOutcome } from './maintenance-probe.js';
import { maintenanceEnded, selectMaintenance } from './maintenance.slice.js';
import {
  checkCompany,
  LazyMaintenanceScreen as MaintenanceScreen,
} from './lazy-maintenance-screen.js';

/**
 * The company is open again (a check, or the socket's end event): the page the user was on shows
 * again (the address never changed) and every query on screen is asked again.
 */
export const useMaintenanceEnd = () => {
  const dispatch = useAppDispatch();
  return useCallback(
    (outcome?: ProbeOutcome) => {
      if (outcome?.open && outcome.session) dispatch(loggedIn(outcome.session));
      dispatch(maintenanceEnded());
      dispatch(baseApi.util.invalidateTags([...TagTypes]));
    },
    [dispatch],
  );
};

/** The shell's content, or the maintenance screen while the company is fenced. */
export const MaintenanceGate = ({ children }: { children: ReactNode }) => {
  const { active, retryAfter } = useAppSelector(selectMaintenance);
  const end = useMaintenanceEnd();
  if (!active) return children;
  return <MaintenanceScreen retryAfter={retryAfter} check={checkCompany} onOpen={end} />;
};
