import { AppError } from '@sb/platform/errors';
import { TransientChannelError } from '../drivers/channel-driver.js';
import { GraphError } from './graph-client.js';
import { isTransientGraphError, toSendError } from './graph-errors.js';

describe('Graph API errors of a send', () => {
  it('retries network failures, 429, 5xx and throttling codes', () => {
    expect(isTransientGraphError(new GraphError('down', 0))).toBe(true);
    expect(isTransientGraphError(new GraphError('busy', 429))).toBe(true);
    expect(isTransientGraphError(new GraphError('oops', 503))).toBe(true);
    expect(isTransientGraphError(new GraphError('rate', 400, 130429))).toBe(true);
    expect(isTransientGraphError(new GraphError('bad', 400, 100))).toBe(false);
    const transient = toSendError(new GraphError('busy', 429, undefined, undefined, 3000));
    expect(transient).toBeInstanceOf(TransientChannelError);
    expect((transient as TransientChannelError).retryAfterMs).toBe(3000);
  });

  it('answers ERR_WAPP_INVALID_CONTACT for a recipient Meta refuses', () => {
    const error = toSendError(new GraphError('not allowed', 400, 131030));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ERR_WAPP_INVALID_CONTACT');
  });

  it('surfaces the 24-hour rule as ERR_SENDING_WAPP_MSG with reason outside_24h_window', () => {
    for (const error of [
      new GraphError('re-engagement', 400, 131047),
      new GraphError('outside window', 400, 10, 2018278),
    ]) {
      const mapped = toSendError(error) as AppError;
      expect(mapped.code).toBe('ERR_SENDING_WAPP_MSG');
      expect(mapped.details).toMatchObject({ refused: true, reason: 'outside_24h_window' });
      expect(mapped.message).toMatch(/24-hour/);
    }
  });

  it('answers ERR_SENDING_WAPP_MSG for other permanent failures', () => {
    const mapped = toSendError(new GraphError('Invalid OAuth access token', 401, 190)) as AppError;
    expect(mapped.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(mapped.details).toMatchObject({ refused: true, graphCode: 190 });
  });
});
