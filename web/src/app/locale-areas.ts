/**
 * The locale areas (namespaces) of the pages shown before login. Each language is three chunks: these
 * with the app's first load, the admin pages' own areas (below) when one of those pages first asks,
 * and the rest with the logged-in shell (vite.config.ts groups them).
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

/**
 * Areas that only their own page reads (an admin's or a supervisor's, rarely an agent's): not part of
 * the shell's texts, so the agents' everyday screens do not download them.
 */
export const PageLocaleAreas: readonly string[] = [
  'audit',
  'campaigns',
  'companies',
  'connections',
  'contactLists',
  'dashboard',
  'files',
  'helps',
  'maintenance',
  'messagesApi',
  'plans',
  'plantao',
  'prompts',
  'queue-integrations',
  'reports',
  'settings',
  'todo',
  'users',
];

/** The chunk of one locale file: `locale-<lng>` (public), `locale-<lng>-pages` or `locale-<lng>-app`. */
export const localeChunkName = (language: string, area: string) =>
  PublicLocaleAreas.includes(area)
    ? `locale-${language}`
    : PageLocaleAreas.includes(area)
      ? `locale-${language}-pages`
      : `locale-${language}-app`;
