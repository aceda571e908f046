import { lazyPage, type LazyPage } from '../../app/lazy-page.js';

/** Public pages (signup, password recovery) by title key, shown inside the public layout. */
export const PublicRoutePages: Partial<Record<string, LazyPage>> = {
  signup: lazyPage(() => import('../signup/signup-page.js').then((m) => m.SignupPage)),
  recoveryPassword: lazyPage(() =>
    import('../password-reset/recovery-password-page.js').then((m) => m.RecoveryPasswordPage),
  ),
};
