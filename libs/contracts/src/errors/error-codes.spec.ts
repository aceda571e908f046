import {
  ErrorCodes,
  errorBody,
  errorMessage,
  errorStatus,
  isErrorBody,
  isErrorCode,
} from './error-codes.js';

describe('error catalogue', () => {
  const specCodes = [
    // spec 1 §8
    'ERR_NO_OTHER_WHATSAPP',
    'ERR_NO_DEF_WAPP_FOUND',
    'ERR_WAPP_NOT_INITIALIZED',
    'ERR_WAPP_CHECK_CONTACT',
    'ERR_WAPP_INVALID_CONTACT',
    'ERR_WAPP_DOWNLOAD_MEDIA',
    'ERR_INVALID_CREDENTIALS',
    'ERR_SENDING_WAPP_MSG',
    'ERR_DELETE_WAPP_MSG',
    'ERR_OTHER_OPEN_TICKET',
    'ERR_SESSION_EXPIRED',
    'ERR_USER_CREATION_DISABLED',
    'ERR_NO_PERMISSION',
    'ERR_DUPLICATED_CONTACT',
    'ERR_NO_SETTING_FOUND',
    'ERR_NO_CONTACT_FOUND',
    'ERR_NO_TICKET_FOUND',
    'ERR_NO_USER_FOUND',
    'ERR_NO_WAPP_FOUND',
    'ERR_CREATING_MESSAGE',
    'ERR_CREATING_TICKET',
    'ERR_FETCH_WAPP_MSG',
    'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    'ERR_WAPP_GREETING_REQUIRED',
    'ERR_OUT_OF_HOURS',
    // foundation auth answers
    'ERR_TOKEN_EXPIRED',
    'ERR_INVALID_TOKEN',
    'ERR_SUBSCRIPTION_EXPIRED',
    'ERR_VALIDATION',
    'ERR_MALFORMED_JSON',
    'ERR_NOT_FOUND',
    'ERR_SERVICE_TIMEOUT',
    'ERR_SERVICE_UNAVAILABLE',
    'ERR_INTERNAL',
  ];

  it.each(specCodes)('has %s', (code) => {
    expect(isErrorCode(code)).toBe(true);
  });

  it('gives every code an HTTP error status and a text', () => {
    for (const [code, entry] of Object.entries(ErrorCodes)) {
      expect(code).toMatch(/^ERR_[A-Z_]+$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.message.length).toBeGreaterThan(0);
    }
  });

  it('answers the statuses the session flow depends on', () => {
    expect(errorStatus('ERR_INVALID_CREDENTIALS')).toBe(401);
    expect(errorStatus('ERR_OUT_OF_HOURS')).toBe(401);
    expect(errorStatus('ERR_SESSION_EXPIRED')).toBe(401);
    expect(errorStatus('ERR_INVALID_TOKEN')).toBe(401);
    // 403 is what makes the web app refresh once and retry
    expect(errorStatus('ERR_TOKEN_EXPIRED')).toBe(403);
    expect(errorStatus('ERR_SUBSCRIPTION_EXPIRED')).toBe(402);
    expect(errorStatus('ERR_VALIDATION')).toBe(400);
    expect(errorStatus('ERR_SERVICE_TIMEOUT')).toBe(504);
    expect(errorStatus('ERR_SERVICE_UNAVAILABLE')).toBe(503);
  });

  it('treats unknown codes as internal errors', () => {
    expect(isErrorCode('ERR_NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(errorStatus('ERR_NOPE')).toBe(500);
    expect(errorStatus('constructor')).toBe(500);
    expect(errorMessage('ERR_NOPE')).toBe(ErrorCodes.ERR_INTERNAL.message);
  });

  it('builds bodies with the catalogue text unless another is given', () => {
    expect(errorBody('ERR_NO_PERMISSION')).toEqual({
      error: 'ERR_NO_PERMISSION',
      message: 'No permission.',
    });
    expect(
      errorBody('ERR_VALIDATION', {
        message: 'email: invalid',
        fields: { email: ['Invalid email'] },
      }),
    ).toEqual({
      error: 'ERR_VALIDATION',
      message: 'email: invalid',
      fields: { email: ['Invalid email'] },
    });
    expect(errorBody('ERR_INTERNAL', { errorId: 'abc' })).toMatchObject({ errorId: 'abc' });
  });

  it('recognises error bodies', () => {
    expect(isErrorBody({ error: 'ERR_NO_PERMISSION', message: 'x' })).toBe(true);
    expect(isErrorBody({ error: 'ERR_NOPE', message: 'x' })).toBe(false);
    expect(isErrorBody({ error: 'ERR_NO_PERMISSION' })).toBe(false);
    expect(isErrorBody('ERR_NO_PERMISSION')).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});
