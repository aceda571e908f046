import type { AuthResult } from '@sb/contracts';
import { storeToken } from '../../lib/browser-storage.js';
import { applyUserDefaultTheme } from '../../lib/color-mode.js';
import { applyUserLanguage } from '../../app/i18n.js';

/** Applies what a session brings with it: the token, the user's language and default theme. */
export const startSession = (result: AuthResult) => {
  storeToken(result.token);
  applyUserDefaultTheme(result.user.defaultTheme);
  return applyUserLanguage(result.user.language);
};
