import type { ChannelKind, ConnectionRecord } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { takesPhoneNumbers } from './external-send-rules.js';

/**
 * The connection a scheduled message leaves through (BEHAVIOUR.md §6: the company's default one). Only a
 * phone contact can be reached that way; no default connection is ERR_NO_DEF_WAPP_FOUND, and one that
 * is not connected ERR_WAPP_NOT_INITIALIZED, so the schedule records why it was not sent.
 */
export const pickDefaultConnection = (
  connections: ConnectionRecord[],
  contactChannel: ChannelKind,
): ConnectionRecord => {
  if (!takesPhoneNumbers(contactChannel)) {
    throw new AppError('ERR_WAPP_INVALID_CONTACT', {
      message: 'This contact is not reachable through a phone connection.',
    });
  }
  const chosen = connections.find((c) => c.isDefault && takesPhoneNumbers(c.channel));
  if (!chosen) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  if (chosen.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return chosen;
};
