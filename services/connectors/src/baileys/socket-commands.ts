import type {
  CheckContactResult,
  EditMessageCommand,
  ReadMessagesCommand,
  RevokeMessageCommand,
  SendMessageCommand,
  SendMessageResult,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { streamToBuffer, type ObjectStorage } from '@sb/storage';
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { ChannelDriver, DriverConnection } from '../drivers/channel-driver.js';
import type { WhatsappSocket } from './baileys-socket.js';
import { jidOf } from './normalise.js';

export type LocalCommands = Pick<
  ChannelDriver,
  'send' | 'revoke' | 'edit' | 'markRead' | 'checkContact' | 'profilePicture'
>;

/** The bytes of a file to send; a file storage no longer has is ERR_WAPP_DOWNLOAD_MEDIA. */
const readStoredMedia = async (storage: ObjectStorage, key: string): Promise<Buffer> => {
  try {
    return await streamToBuffer((await storage.get(key)).stream);
  } catch (error) {
    throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', { details: { reason: String(error) } });
  }
};

/**
 * The outbound commands on a socket this worker holds (the driver hands the others to the holder).
 * `liveSocket` answers the connection's paired socket or throws ERR_WAPP_NOT_INITIALIZED.
 */
export class SocketCommands implements LocalCommands {
  constructor(
    private readonly liveSocket: (connectionId: number) => WhatsappSocket,
    private readonly storage?: ObjectStorage,
  ) {}

  async send(
    connection: DriverConnection,
    command: SendMessageCommand,
  ): Promise<SendMessageResult> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    const content = command.reaction
      ? {
          react: {
            text: command.body,
            key: {
              remoteJid: jid,
              id: command.reaction.externalId,
              fromMe: command.reaction.fromMe,
            },
          },
        }
      : await this.contentOf(command);
    const quoted = command.quotedExternalId
      ? ({
          key: { remoteJid: jid, id: command.quotedExternalId, fromMe: false },
          message: { conversation: '' },
        } as WAMessage)
      : undefined;
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(jid, content, quoted ? { quoted } : undefined);
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: String(error) } });
    }
    if (!sent?.key.id) throw new AppError('ERR_SENDING_WAPP_MSG');
    return { externalId: sent.key.id, ack: 1, sentAt: new Date().toISOString() };
  }

  async revoke(connection: DriverConnection, command: RevokeMessageCommand): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    try {
      await socket.sendMessage(jid, {
        delete: { remoteJid: jid, id: command.externalId, fromMe: command.fromMe },
      });
    } catch (error) {
      throw new AppError('ERR_DELETE_WAPP_MSG', { details: { reason: String(error) } });
    }
  }

  async edit(connection: DriverConnection, command: EditMessageCommand): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    try {
      await socket.sendMessage(jid, {
        text: command.body,
        edit: { remoteJid: jid, id: command.externalId, fromMe: true },
      });
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: String(error) } });
    }
  }

  async markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    await socket.readMessages(
      command.externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })),
    );
  }

  async checkContact(connection: DriverConnection, number: string): Promise<CheckContactResult> {
    const socket = this.liveSocket(connection.id);
    const digits = number.replace(/\D/g, '');
    if (!digits) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    let found: { jid: string; exists: boolean; lid?: unknown }[] | undefined;
    try {
      found = await socket.onWhatsApp(`${digits}@s.whatsapp.net`);
    } catch {
      throw new AppError('ERR_WAPP_CHECK_CONTACT');
    }
    const hit = found?.find((entry) => entry.exists);
    if (!hit) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    const result: CheckContactResult = { exists: true, number: hit.jid.split('@')[0] };
    if (typeof hit.lid === 'string' && hit.lid) result.lid = hit.lid.split('@')[0];
    return result;
  }

  async profilePicture(connection: DriverConnection, number: string): Promise<string | null> {
    const socket = this.liveSocket(connection.id);
    const jid = number.includes('@') ? number : `${number.replace(/\D/g, '')}@s.whatsapp.net`;
    try {
      return (await socket.profilePictureUrl(jid, 'image')) ?? null;
    } catch {
      // No picture, or hidden by the contact's privacy settings.
      return null;
    }
  }

  private async contentOf(command: SendMessageCommand): Promise<AnyMessageContent> {
    if (command.vcard) {
      return { contacts: { displayName: command.body, contacts: [{ vcard: command.vcard }] } };
    }
    if (!command.media) return { text: command.body };
    if (!this.storage) throw new AppError('ERR_SENDING_WAPP_MSG');
    const { media } = command;
    const buffer = await readStoredMedia(this.storage, media.key);
    const caption = command.body || undefined;
    if (media.mediaType === 'image') return { image: buffer, caption, mimetype: media.mimeType };
    if (media.mediaType === 'video') return { video: buffer, caption, mimetype: media.mimeType };
    if (media.mediaType === 'audio') {
      return { audio: buffer, mimetype: media.mimeType, ptt: media.mimeType.includes('ogg') };
    }
    return { document: buffer, mimetype: media.mimeType, fileName: media.fileName, caption };
  }
}
