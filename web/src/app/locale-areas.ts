/**
 * The locale areas (namespaces) of the pages shown before login. Each language is two chunks: these
 * with the app's first load, the rest with the logged-in shell (vite.config.ts groups them).
 */
export const PublicLocaleAreas: readonly string[] = [
  'auth',
  'common',
  'errors',
  'passwordReset',
  'routes',
  'shell',
  'signup',
];

/** The chunk of one locale file: `locale-<lng>` (public areas) or `locale-<lng>-app`. */
export const localeChunkName = (language: string, area: string) =>
  PublicLocaleAreas.includes(area) ? `locale-${language}` : `locale-${language}-app`;
