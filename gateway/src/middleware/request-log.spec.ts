import { requestLogLevel } from './request-log.js';

describe('requestLogLevel', () => {
  it('logs served requests at debug, so the default info level shows none of them', () => {
    for (const status of [200, 204, 304, 401, 404, 429])
      expect(requestLogLevel(status)).toBe('debug');
  });

  it('warns about answers the server failed', () => {
    expect(requestLogLevel(500)).toBe('warn');
    expect(requestLogLevel(504)).toBe('warn');
  });
});
