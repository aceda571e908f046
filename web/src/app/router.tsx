import type { ParseKeys } from 'i18next';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner.js';
import { PageTitle } from '../components/page-title.js';
import { isAdmin } from '../features/auth/access.js';
import { PublicOnly, RequireAccess, RequireSession } from '../features/auth/guards.js';
import { selectUser } from '../features/auth/session.slice.js';
import { NotFoundPage } from '../features/pages/not-found-page.js';
import { SubscriptionExpiredPage } from '../features/pages/subscription-expired-page.js';
import { useCampaignRoutes } from '../lib/campaign-routes.js';
import { LightLoginPage } from './light-login-page.js';
import { useAppSelector } from './hooks.js';
import { AppShellPage, PublicPage, RoutePages } from './route-pages.js';
import {
  DashboardAlias,
  DashboardRoute,
  PageRoutes,
  SubscriptionExpiredPath,
} from './route-table.js';

const RoutePage = ({ titleKey }: { titleKey: ParseKeys<'routes'> }) => {
  const Page = RoutePages[titleKey];
  // inside the shell: only the page area waits for the page's chunk
  return Page ? (
    <Suspense fallback={<FullPageSpinner height="full" />}>
      <Page />
    </Suspense>
  ) : (
    <PageTitle titleKey={titleKey} />
  );
};

const Dashboard = () => {
  const user = useAppSelector(selectUser);
  if (user && !isAdmin(user)) return <Navigate to="/tickets" replace />;
  return (
    <RequireAccess rule={DashboardRoute.access}>
      <RoutePage titleKey={DashboardRoute.titleKey} />
    </RequireAccess>
  );
};

/** The route table of spec 1 §2 and spec 3 §2.1 with its guards. */
export const AppRoutes = () => {
  const campaigns = useCampaignRoutes();
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <LightLoginPage />
          </PublicOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <PublicOnly>
            <PublicPage titleKey="signup" />
          </PublicOnly>
        }
      />
      <Route
        path="/recovery-password"
        element={
          <PublicOnly>
            <PublicPage titleKey="recoveryPassword" />
          </PublicOnly>
        }
      />
      <Route
        element={
          <RequireSession>
            <AppShellPage />
          </RequireSession>
        }
      >
        <Route index element={<Dashboard />} />
        {/* the address people type for the dashboard, which lives at / */}
        <Route path={DashboardAlias} element={<Navigate to="/" replace />} />
        {PageRoutes.filter((route) => campaigns || !route.campaignsOnly).map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RequireAccess rule={route.access}>
                <RoutePage titleKey={route.titleKey} />
              </RequireAccess>
            }
          />
        ))}
        <Route path={SubscriptionExpiredPath} element={<SubscriptionExpiredPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
};
