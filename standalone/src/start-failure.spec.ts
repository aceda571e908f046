import { ConfigError } from '@sb/platform/config';
import { startFailure } from './start-failure.js';

describe('startFailure', () => {
  it('names the bad variables without a stack trace', () => {
    const text = startFailure(new ConfigError(['PORT: expected number']));
    expect(text).toBe('Invalid environment:\n  - PORT: expected number');
  });

  it('says which setting moves a port another program holds', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use :::8080'), {
      code: 'EADDRINUSE',
    });
    expect(startFailure(busy)).toBe(
      'listen EADDRINUSE: address already in use :::8080: another program uses that port; choose others with PORT and WEB_PORT',
    );
  });

  it('keeps the stack of anything unexpected', () => {
    const error = new Error('boom');
    expect(startFailure(error)).toBe(error.stack);
  });
});
