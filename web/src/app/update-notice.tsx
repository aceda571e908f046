import i18next from 'i18next';
import { useEffect } from 'react';
import { toaster } from '../components/toaster.js';
import { onUpdateWaiting } from './update-waiting.js';

const NoticeId = 'app-update';

/**
 * The "click to reload" notice (spec 1 §8): a new release's service worker waits; the toast stays until
 * the person reloads into it (or closes it and keeps working on the old release). Its texts are read
 * when it shows (i18next.t, like the shared error toasts): no hook here, so this component above the
 * routes never suspends or re-renders them.
 */
export const UpdateNotice = () => {
  useEffect(
    () =>
      onUpdateWaiting((apply) => {
        if (toaster.isVisible(NoticeId)) return;
        toaster.create({
          id: NoticeId,
          type: 'info',
          title: i18next.t('common:update.title'),
          description: i18next.t('common:update.description'),
          duration: Infinity,
          action: { label: i18next.t('common:update.reload'), onClick: apply },
        });
      }),
    [],
  );
  return null;
};
