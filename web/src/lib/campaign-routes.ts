import { useSyncExternalStore } from 'react';
import { campaignRoutesEnabled, storeCampaignRoutes } from './browser-storage.js';

const ChangeEvent = 'sb:cshow';

/** Sets the `cshow` flag and tells the router and the drawer, so routes and links change together. */
export const setCampaignRoutes = (enabled: boolean): void => {
  if (campaignRoutesEnabled() === enabled) return;
  storeCampaignRoutes(enabled);
  window.dispatchEvent(new Event(ChangeEvent));
};

const subscribe = (onChange: () => void) => {
  window.addEventListener(ChangeEvent, onChange);
  // another tab of the app changed it
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(ChangeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
};

/** Whether the campaign and contact-list routes exist (the `cshow` flag), following its changes. */
export const useCampaignRoutes = (): boolean =>
  useSyncExternalStore(subscribe, campaignRoutesEnabled, () => false);
