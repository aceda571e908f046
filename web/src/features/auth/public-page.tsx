import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PublicRoutePages } from './public-route-pages.js';
import { PublicLayout } from './public-layout.js';

/** A public page whose form comes with a later feature: its title and the way back to login. */
export const PublicPage = ({ titleKey }: { titleKey: ParseKeys<'routes'> }) => {
  const { t } = useTranslation('auth');
  const routes = useTranslation('routes').t;
  const Page = PublicRoutePages[titleKey];
  return (
    <PublicLayout>
      {Page ? (
        <Page />
      ) : (
        <div className="sb-card">
          <h1>{routes(titleKey)}</h1>
          <p>
            <RouterLink className="sb-link" to="/login">
              {t('backToLogin')}
            </RouterLink>
          </p>
        </div>
      )}
    </PublicLayout>
  );
};
