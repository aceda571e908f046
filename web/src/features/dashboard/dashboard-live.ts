import { socketEvent } from '@sb/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { currentSocket } from '../../api/socket.js';
import { coalesce } from './dashboard-format.js';
import { dashboardApi, dashboardFigures } from './dashboard.api.js';

/**
 * Keeps the figures live: any ticket change of the company refetches them, at most once per second
 * however many tickets change (the shared socket, no polling).
 */
export function useLiveDashboard(companyId: number | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !companyId) return;
    const refresh = coalesce(() => dispatch(dashboardApi.util.invalidateTags([dashboardFigures])));
    const name = socketEvent.company(companyId, 'ticket');
    const listener = () => refresh.trigger();
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
      refresh.cancel();
    };
  }, [companyId, dispatch]);
}
