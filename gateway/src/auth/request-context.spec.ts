import { isCompanyExpired, languageFromHeader, requestIdFrom } from './request-context.js';

describe('request context helpers', () => {
  it('keeps a sane x-request-id and replaces anything else by a uuid', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
    expect(requestIdFrom('bad id\nwith newline')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('picks the best supported language of Accept-Language', () => {
    expect(languageFromHeader('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(languageFromHeader('de;q=1, en;q=0.5')).toBe('en');
    expect(languageFromHeader('pt')).toBe('pt-BR');
    expect(languageFromHeader('es-MX')).toBe('es');
    expect(languageFromHeader('fr, de')).toBeUndefined();
    expect(languageFromHeader('en;q=0')).toBeUndefined();
    expect(languageFromHeader(undefined)).toBeUndefined();
  });

  it('expires companies past their due date, never company 1', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(isCompanyExpired(2, '2025-05-31T23:59:59Z', now)).toBe(true);
    expect(isCompanyExpired(2, '2025-06-02T00:00:00Z', now)).toBe(false);
    expect(isCompanyExpired(1, '2000-01-01T00:00:00Z', now)).toBe(false);
  });
});
