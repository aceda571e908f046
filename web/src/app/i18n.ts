import { FallbackLanguage, Languages, type Language } from '@sb/contracts';
import i18next, { type BackendModule, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage, storedLanguage } from '../lib/browser-storage.js';
import { localeChunkName, PageLocaleAreas, PublicLocaleAreas } from './locale-areas.js';

// One JSON file per feature area and language: src/locales/<lng>/<area>.json, the area is the namespace.
// Not bundled with the app: each language is two chunks (locale-areas.ts), fetched when they are used.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});

const localeFiles = Object.entries(files).flatMap(([file, load]) => {
  const [, language, area] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  return language && area ? [{ language, area, load, chunk: localeChunkName(language, area) }] : [];
});

export const namespaces = [...new Set(localeFiles.map((file) => file.area))];

/** The areas the logged-in shell adds to the public ones (a page's own areas come with the page). */
export const appNamespaces = namespaces.filter(
  (area) => !PublicLocaleAreas.includes(area) && !PageLocaleAreas.includes(area),
);

const loadedChunks = new Map<string, Promise<ResourceLanguage>>();

/** The areas of one locale chunk, by area, loaded once (one download brings them all). */
const loadChunk = (chunk: string): Promise<ResourceLanguage> => {
  let loading = loadedChunks.get(chunk);
  if (!loading) {
    const own = localeFiles.filter((file) => file.chunk === chunk);
    loading = Promise.all(own.map(async (file) => [file.area, await file.load()] as const)).then(
      (areas) => Object.fromEntries(areas),
    );
    // a failed download is tried again on the next use
    loading.catch(() => loadedChunks.delete(chunk));
    loadedChunks.set(chunk, loading);
  }
  return loading;
};

/** Every area of every language (the locale tests compare them). */
export const loadAllResources = async (): Promise<Resource> => {
  const resources: Resource = {};
  for (const file of localeFiles) {
    resources[file.language] ??= {};
    resources[file.language][file.area] = (await loadChunk(file.chunk))[file.area];
  }
  return resources;
};

/** i18next asks for one area of one language at a time. */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadChunk(localeChunkName(language, namespace)).then(
      (areas) => callback(null, areas[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);

/** Maps a browser tag (pt-PT, en-US, es-419…) to one of our languages, by exact tag then by base. */
export const matchLanguage = (tag: string | null | undefined): Language | null => {
  if (!tag) return null;
  if (isLanguage(tag)) return tag;
  const base = tag.toLowerCase().split('-')[0];
  return Languages.find((language) => language.toLowerCase().split('-')[0] === base) ?? null;
};

/**
 * The language to use: the user's saved language, else the stored choice, else the browser's first
 * supported language, else the fallback.
 */
export const detectLanguage = (sources: {
  userLanguage?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}): Language =>
  matchLanguage(sources.userLanguage) ??
  matchLanguage(sources.stored) ??
  (sources.browser ?? []).map(matchLanguage).find((language) => language !== null) ??
  FallbackLanguage;

export const initI18n = async (): Promise<typeof i18next> => {
  i18next.on('languageChanged', (language) => {
    storeLanguage(language);
    document.documentElement.lang = language;
  });
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage({ stored: storedLanguage(), browser: navigator.languages }),
      // every key exists in every language (locales.spec.ts): no second language is downloaded as a fallback
      fallbackLng: false,
      supportedLngs: [...Languages],
      load: 'currentOnly',
      // the logged-in areas come with the shell (loadAppNamespaces)
      ns: [...PublicLocaleAreas],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
};

/** The texts of the logged-in pages, in the current language (the shell waits for them). */
export const loadAppNamespaces = async (): Promise<void> => {
  await i18next.loadNamespaces(appNamespaces);
};

/**
 * The admin pages' own texts. A page asks for its area as it renders (and suspends until it came);
 * this loads them all at once, for tests that render pages without waiting.
 */
export const loadPageNamespaces = async (): Promise<void> => {
  await i18next.loadNamespaces([...PageLocaleAreas]);
};

/** Applies the language saved on the user, when there is one (it wins over the browser's). */
export const applyUserLanguage = async (language: string | null | undefined): Promise<void> => {
  const chosen = matchLanguage(language);
  if (chosen && chosen !== i18next.language) await i18next.changeLanguage(chosen);
};
