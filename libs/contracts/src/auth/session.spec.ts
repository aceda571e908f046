import { FallbackLanguage, Languages, isLanguage } from './languages.js';
import { LoginInput, RefreshCookie, UserUpdateInput } from './session.js';

describe('auth contracts', () => {
  it('trims the login email and keeps the bot-check field', () => {
    expect(
      LoginInput.parse({
        email: '  ana@example.com ',
        password: 'secret',
        'cf-turnstile-response': 't',
      }),
    ).toEqual({ email: 'ana@example.com', password: 'secret', 'cf-turnstile-response': 't' });
  });

  it('names each bad login field', () => {
    const result = LoginInput.safeParse({ email: 'not-an-email', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'email',
      'password',
    ]);
    expect(LoginInput.safeParse({}).success).toBe(false);
  });

  it('accepts only known languages on user update', () => {
    expect(UserUpdateInput.parse({ language: 'tr' })).toEqual({ language: 'tr' });
    expect(UserUpdateInput.parse({})).toEqual({});
    expect(UserUpdateInput.safeParse({ language: 'fr' }).success).toBe(false);
  });

  it('has the languages, fallback and refresh cookie of the foundation', () => {
    expect(Languages).toEqual(['pt-BR', 'en', 'es', 'tr']);
    expect(FallbackLanguage).toBe('es');
    expect(isLanguage('pt-BR')).toBe(true);
    expect(isLanguage('pt')).toBe(false);
    expect(RefreshCookie).toEqual({ name: 'jrt', path: '/auth' });
  });
});
