import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage } from './i18n.js';

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
