import { FallbackLanguage, Languages, type Language } from '@sb/contracts';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage, storedLanguage } from './browser-storage.js';

// One JSON file per feature area and language: src/locales/<lng>/<area>.json, the area is the namespace.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const [, language, area] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!language || !area) continue;
  resources[language] ??= {};
  resources[language][area] = content;
}

export const namespaces = [
  ...new Set(Object.values(resources).flatMap((byArea) => Object.keys(byArea))),
];

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
  await i18next.use(initReactI18next).init({
    resources,
    lng: detectLanguage({ stored: storedLanguage(), browser: navigator.languages }),
    fallbackLng: FallbackLanguage,
    supportedLngs: [...Languages],
    load: 'currentOnly',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
};

/** Applies the language saved on the user, when there is one (it wins over the browser's). */
export const applyUserLanguage = async (language: string | null | undefined): Promise<void> => {
  const chosen = matchLanguage(language);
  if (chosen && chosen !== i18next.language) await i18next.changeLanguage(chosen);
};
