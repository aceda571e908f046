import type { AuthResult, LoginInput } from '@sb/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { storeToken } from '../../app/browser-storage.js';
import { applyUserDefaultTheme } from '../../app/color-mode.js';
import { applyUserLanguage } from '../../app/i18n.js';
import { useAppDispatch } from '../../app/hooks.js';
import { notify, toastError } from '../../components/toaster.js';
import { SubscriptionExpiredPath } from '../../app/route-table.js';
import { useLoginMutation, useLogoutMutation } from './auth.api.js';
import { dueDateStatus, formatDate } from './due-date.js';
import { loggedIn, loggedOut } from './session.slice.js';

/** Applies what a session brings with it: the token, the user's language and default theme. */
export const startSession = (result: AuthResult) => {
  storeToken(result.token);
  applyUserDefaultTheme(result.user.defaultTheme);
  return applyUserLanguage(result.user.language);
};

export const useLogin = () => {
  const [login, state] = useLoginMutation();
  const dispatch = useAppDispatch();
  const { t } = useTranslation('auth');

  const submit = useCallback(
    async (input: LoginInput) => {
      let result: AuthResult;
      try {
        result = await login(input).unwrap();
      } catch (error) {
        toastError(error);
        return false;
      }
      await startSession(result);
      // The public-page guard takes the new session to its landing page.
      const due = dueDateStatus(result.user.company);
      if (due.kind === 'expired') {
        notify.error(t('subscriptionExpired', { date: formatDate(result.user.company.dueDate) }));
        dispatch(loggedIn({ ...result, landing: SubscriptionExpiredPath }));
        return true;
      }
      if (due.warn) notify.warning(t('subscriptionEndsSoon', { count: due.daysLeft }));
      dispatch(loggedIn({ ...result, landing: '/tickets' }));
      return true;
    },
    [dispatch, login, t],
  );

  return { submit, isLoading: state.isLoading };
};

export const useLogout = () => {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The server revokes the session; locally the session ends even when that call fails.
    await logout()
      .unwrap()
      .catch(() => undefined);
    storeToken(null);
    dispatch(loggedOut());
    void navigate('/login', { replace: true });
  }, [dispatch, logout, navigate]);
};
