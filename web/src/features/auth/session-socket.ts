import { socketEvent, type SessionUser } from '@sb/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi, TagTypes } from '../../api/base-api.js';
import { connectSocket, disconnectSocket } from '../../api/socket.js';
import { useAppDispatch } from '../../app/hooks.js';
import { notify } from '../../components/toaster.js';
import { setCampaignRoutes } from '../../lib/campaign-routes.js';
import { useGetCompanySettingQuery } from '../settings/settings.api.js';
import { useMaintenanceEnd } from '../maintenance/maintenance-gate.js';
import { maintenanceStarted } from '../maintenance/maintenance.slice.js';
import { userUpdated } from './session.slice.js';

export const DuplicateSessionReloadMs = 1000;

/**
 * Opens the shared socket for the logged-in user and handles the session events (spec 1 §4): another
 * login of the same user ends this one; updates of the user refresh it.
 */
export const useSessionSocket = (user: Pick<SessionUser, 'id' | 'companyId'>) => {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('auth');
  const { id: userId, companyId } = user;
  const endMaintenance = useMaintenanceEnd();
  // at login (and each new session of the shell): the campaign pages follow campaignsEnabled
  const { data: campaignsSetting } = useGetCompanySettingQuery('campaignsEnabled');
  useEffect(() => {
    if (campaignsSetting) setCampaignRoutes(campaignsSetting.value === 'enabled');
  }, [campaignsSetting]);

  useEffect(() => {
    const socket = connectSocket({ companyId, userId });
    let reload: ReturnType<typeof setTimeout> | undefined;

    // the events sent while the socket was away (a gateway restarted, the network dropped) are lost to
    // it: after a reconnection every query on screen is asked again, as the top bar's refresh does
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) dispatch(baseApi.util.invalidateTags([...TagTypes]));
      connectedBefore = true;
    });

    socket.on(socketEvent.company(companyId, 'auth'), (data) => {
      if (data?.action !== 'update' || data.user?.id !== userId) return;
      notify.error(t('sessionElsewhere'), { id: 'session-elsewhere' });
      reload ??= setTimeout(() => {
        window.localStorage.clear();
        window.location.reload();
      }, DuplicateSessionReloadMs);
    });

    // spec 3 §2.1: the campaign pages follow the company setting campaignsEnabled
    socket.on(socketEvent.company(companyId, 'settings'), (data) => {
      if (data?.action === 'update' && data.setting?.key === 'campaignsEnabled') {
        setCampaignRoutes(data.setting.value === 'enabled');
      }
    });

    // the company is fenced (an export, a move) and then open again: the shell follows at once
    socket.on(socketEvent.company(companyId, 'maintenance'), (data) => {
      if (data?.action === 'start') dispatch(maintenanceStarted());
      else if (data?.action === 'end') endMaintenance();
    });

    socket.on(socketEvent.company(companyId, 'user'), (data) => {
      if (data?.action === 'update' && data.user?.id === userId) dispatch(userUpdated(data.user));
    });

    return () => {
      disconnectSocket();
    };
  }, [companyId, dispatch, endMaintenance, t, userId]);
};
