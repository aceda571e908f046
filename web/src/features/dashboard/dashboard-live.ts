import { socketEvent } from '@sb/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { onSocket, type AppSocket } from '../../api/socket.js';
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
    const name = socketEvent.company(companyId, 'dashboard');
    const listener = () => refresh.trigger();
    let current: AppSocket | undefined;
    const stop = onSocket((socket) => {
      current?.off(name, listener);
      current = socket;
      socket.on(name, listener);
    });
    return () => {
      stop();
      current?.off(name, listener);
      refresh.cancel();
    };
  }, [companyId, dispatch]);
}
