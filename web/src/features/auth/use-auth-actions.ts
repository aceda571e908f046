import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { storeToken } from '../../lib/browser-storage.js';
import { useAppDispatch } from '../../app/hooks.js';
import { useLogoutMutation } from './auth.api.js';
import { loggedOut } from './session.slice.js';

// Logging in is the light login page's own (login-page.tsx, start-session.ts).

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
