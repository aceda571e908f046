import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { companyEventNames, followSocket } from '../../api/socket-cache.js';
import { coalesce } from './dashboard-format.js';
import { dashboardApi, dashboardFigures } from './dashboard.api.js';

/**
 * Keeps the figures live: reporting's notice that the company's figures changed (sent once its
 * projection committed them: tickets, messages, ratings, attendants going on- or offline) refetches
 * them, at most once per second (the shared socket, no polling).
 */
export function useLiveDashboard(companyId: number | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!companyId) return;
    const refresh = coalesce(() => dispatch(dashboardApi.util.invalidateTags([dashboardFigures])));
    const stop = followSocket(companyEventNames(companyId, 'dashboard'), () => refresh.trigger());
    return () => {
      stop();
      refresh.cancel();
    };
  }, [companyId, dispatch]);
}
