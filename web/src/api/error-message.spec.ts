import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { setupI18n } from '../test/render-app.js';
import { errorMessage } from './error-message.js';

describe('error handler text (spec 1 §8)', () => {
  beforeAll(async () => {
    await setupI18n('en');
  });

  it('translates a known error code', () => {
    const error = { status: 401, data: { error: 'ERR_INVALID_CREDENTIALS', message: 'raw' } };
    expect(errorMessage(error, i18next.t)).toBe('Authentication error. Please try again.');
  });

  it('uses the language in force', async () => {
    await i18next.changeLanguage('pt-BR');
    const error = { status: 401, data: { error: 'ERR_INVALID_CREDENTIALS', message: 'raw' } };
    expect(errorMessage(error, i18next.t)).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    );
    await i18next.changeLanguage('en');
  });

  it('shows the raw text of an unknown code', () => {
    const error = {
      status: 400,
      data: { error: 'ERR_SOMETHING_NEW', message: 'Something new broke' },
    };
    expect(errorMessage(error, i18next.t)).toBe('Something new broke');
  });

  it('shows a plain string answer as is', () => {
    expect(errorMessage({ status: 500, data: 'Gateway exploded' }, i18next.t)).toBe(
      'Gateway exploded',
    );
  });

  it('falls back to "An error occurred!"', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, i18next.t)).toBe(
      'An error occurred!',
    );
    expect(errorMessage(undefined, i18next.t)).toBe('An error occurred!');
  });
});
