import type { Logger } from '@sb/platform/logger';
import type { ChannelEventSink, DriverConnection } from '../drivers/channel-driver.js';
import { GraphError } from './graph-client.js';
import { isTransientGraphError } from './graph-errors.js';

/** Where Meta drivers report the outcome of a credentials check, and what they log. */
export type SessionReporter = {
  sink: Pick<ChannelEventSink, 'sessionStatus'>;
  logger: Pick<Logger, 'warn'>;
};

/**
 * Meta channels have no socket: a session is "open" when the token works. A rejected token closes it
 * (DISCONNECTED); an unreachable Graph API leaves the status as it was, so sends keep going once it
 * answers again.
 */
export async function checkSession(
  reporter: SessionReporter,
  connection: DriverConnection,
  check: () => Promise<{ number: string | null }>,
): Promise<void> {
  try {
    const { number } = await check();
    await reporter.sink.sessionStatus(connection.id, {
      status: 'CONNECTED',
      number,
      qrcode: null,
      retries: 0,
    });
  } catch (err) {
    if (err instanceof GraphError && isTransientGraphError(err)) {
      reporter.logger.warn(
        { err, connectionId: connection.id },
        'Graph API unreachable while checking a Meta connection',
      );
      return;
    }
    reporter.logger.warn(
      { err, connectionId: connection.id },
      'Meta connection credentials were refused',
    );
    await reporter.sink.sessionStatus(connection.id, { status: 'DISCONNECTED', qrcode: null });
  }
}
