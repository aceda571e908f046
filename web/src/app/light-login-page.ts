import { lazyComponent } from './lazy-page.js';

/** The login page on its own chunk: plain React and CSS, no Chakra, no store (entry.tsx). */
export const LightLoginPage = lazyComponent(() =>
  import('../features/auth/login-page.js').then((m) => m.LoginPage),
);
