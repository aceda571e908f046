import type { EditMessageCommand, RevokeMessageCommand, SendMessageResult } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { DriverConnection } from '../drivers/channel-driver.js';

/**
 * What Meta's channels (Cloud API, Messenger, Instagram) share: no session of ours to close (Meta
 * keeps none), sent messages Meta keeps as they are (a revoke or an edit is refused in the channel's
 * own words), and a send answered with the id Meta gave the message.
 */
export abstract class MetaDriver {
  /** Why the channel refuses to delete and to edit a sent message. */
  protected abstract readonly refusals: { revoke: string; edit: string };

  /** Nothing to close: the number or page keeps working at Meta until the connection starts again. */
  async stop(): Promise<void> {}

  async revoke(_connection: DriverConnection, _command: RevokeMessageCommand): Promise<void> {
    throw new AppError('ERR_DELETE_WAPP_MSG', { message: this.refusals.revoke });
  }

  async edit(_connection: DriverConnection, _command: EditMessageCommand): Promise<void> {
    throw new AppError('ERR_SENDING_WAPP_MSG', { message: this.refusals.edit });
  }

  /** A send Meta took, by the id it answered; without one the send failed. */
  protected sent(externalId: string | undefined): SendMessageResult {
    if (!externalId) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: 'no message id' } });
    }
    return { externalId, ack: 1, sentAt: new Date().toISOString() };
  }
}
