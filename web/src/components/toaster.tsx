import i18next from 'i18next';
import { Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../api/error-message.js';
import { lazyPage } from '../app/lazy-page.js';
import { ToastDurations, toaster } from './toast-store.js';

export { ToastDurations, toaster };

type ToastOptions = { id?: string; description?: string };

export const notify = {
  success: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'success', title, ...options }),
  info: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'info', title, ...options }),
  warning: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'warning', title, ...options }),
  error: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'error', title, duration: ToastDurations.error, ...options }),
};

/** The shared error handler: every failed mutation ends here. */
export const toastError = (error: unknown): void => {
  notify.error(errorMessage(error, i18next.t));
};

const ToastList = lazyPage(() => import('./toast-list.js').then((module) => module.ToastList));

/** Loads the toasts' view now (tests: a toast then shows in the same pass). */
export const preloadToasts = () => ToastList.preload();

/**
 * The toasts. Their view (the toast machines) is fetched with the first toast, not with every page:
 * the toaster's store keeps the toasts created meanwhile and the view shows them when it mounts.
 */
export const AppToaster = () => {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getVisibleToasts().length > 0) setNeeded(true);
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
};
