import { describe, expect, it } from 'vitest';
import { detectLanguage, initI18n, loadAppNamespaces, matchLanguage } from './i18n.js';

describe('language detection', () => {
  it("prefers the user's saved language", () => {
    expect(detectLanguage({ userLanguage: 'tr', stored: 'en', browser: ['pt-BR'] })).toBe('tr');
  });

  it('then the stored choice, then the browser, then Spanish', () => {
    expect(detectLanguage({ userLanguage: null, stored: 'en', browser: ['pt-BR'] })).toBe('en');
    expect(detectLanguage({ stored: null, browser: ['de-DE', 'pt-PT'] })).toBe('pt-BR');
    expect(detectLanguage({ stored: 'xx', browser: ['de', 'fr'] })).toBe('es');
    expect(detectLanguage({})).toBe('es');
  });

  it('maps browser tags to our languages', () => {
    expect(matchLanguage('en-US')).toBe('en');
    expect(matchLanguage('es-419')).toBe('es');
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('tr-TR')).toBe('tr');
    expect(matchLanguage('de')).toBeNull();
  });
});

describe('locale loading', () => {
  it('starts with the public areas of one language; the shell adds the rest; a new language follows', async () => {
    // jsdom's browser language is en-US
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'tickets')).toBe(false);
    // no fallback language is downloaded alongside
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(false);

    await loadAppNamespaces();
    expect(i18n.hasResourceBundle('en', 'tickets')).toBe(true);
    expect(i18n.t('routes:tickets')).toBe('Tickets');

    await i18n.changeLanguage('tr');
    expect(i18n.hasResourceBundle('tr', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('tr', 'tickets')).toBe(true);
  });
});
