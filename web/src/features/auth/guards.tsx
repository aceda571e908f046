import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { SubscriptionExpiredPath } from '../../app/route-table.js';
import { notify } from '../../components/toaster.js';
import { canAccess, type AccessRule } from './access.js';
import { isCompanyExpired } from './due-date.js';
import { landingReached, selectSession } from './session.slice.js';

/** Private pages: a visitor without a session goes to /login; an expired company to its notice. */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { status, user, landing } = useAppSelector(selectSession);
  const location = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (landing && location.pathname === landing) dispatch(landingReached());
  }, [dispatch, landing, location.pathname]);
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace />;
  if (isCompanyExpired(user.company) && location.pathname !== SubscriptionExpiredPath) {
    return <Navigate to={SubscriptionExpiredPath} replace />;
  }
  return children;
};

/** Public pages (login, signup, recovery): a logged-in visitor goes to /. */
export const PublicOnly = ({ children }: { children: ReactNode }) => {
  const { status, landing } = useAppSelector(selectSession);
  return status === 'authenticated' ? <Navigate to={landing ?? '/'} replace /> : children;
};

export const DenialRedirectMs = 1000;

/** Spec 3 §8: a denied page says so, then goes to / after 1 second. */
const AccessDenied = () => {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      notify.error(t('accessDenied'), { id: 'access-denied' });
    }
    const timer = setTimeout(() => void navigate('/', { replace: true }), DenialRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return null;
};

export const RequireAccess = ({ rule, children }: { rule?: AccessRule; children: ReactNode }) => {
  const user = useAppSelector(selectSession).user;
  if (!user) return null;
  return canAccess(user, rule) ? children : <AccessDenied />;
};
