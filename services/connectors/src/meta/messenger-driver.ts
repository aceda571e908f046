import type {
  CheckContactResult,
  ReadMessagesCommand,
  SendMessageCommand,
  SendMessageResult,
  SendRefusalDetails,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import {
  templateRefusal,
  type ChannelDriver,
  type DriverConnection,
} from '../drivers/channel-driver.js';
import type { GraphClient } from './graph-client.js';
import { sending } from './graph-errors.js';
import { MetaDriver } from './meta-driver.js';
import { assertMediaFits, type MetaMedia } from './meta-media.js';
import { checkSession, type SessionReporter } from './meta-session.js';

type PageCredentials = { pageId: string; pageAccessToken: string; instagramId?: string };

function credentialsOf(connection: DriverConnection): PageCredentials {
  const { pageId, pageAccessToken, instagramId } = connection.credentials;
  if (!pageId || !pageAccessToken) {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', {
      details: { reason: 'the connection has no page credentials' },
    });
  }
  return { pageId, pageAccessToken, instagramId };
}

/** Webhook fields a page subscribes the app to (Messenger and Instagram messaging). */
const SubscribedFields = [
  'messages',
  'message_echoes',
  'message_reactions',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
].join(',');

const AttachmentTypes: Record<string, string> = { image: 'image', video: 'video', audio: 'audio' };

export type PeerProfile = { name?: string; pictureUrl?: string };

/**
 * Messenger Platform for Facebook pages and Instagram business accounts: sends go to /me/messages with
 * the page token, answers only within 24 hours of the contact's last message (Meta's rule; refusals are
 * ERR_SENDING_WAPP_MSG with reason `outside_24h_window`).
 */
export class MessengerDriver extends MetaDriver implements ChannelDriver {
  protected readonly refusals = {
    revoke: 'Messenger and Instagram do not let a page delete sent messages.',
    edit: 'Messenger and Instagram do not let a page edit sent messages.',
  };

  constructor(
    readonly kind: 'facebook' | 'instagram',
    private readonly graph: GraphClient,
    private readonly media: MetaMedia,
    private readonly session: SessionReporter,
  ) {
    super();
  }

  /** Checks the page token and subscribes the page to the app's webhooks. */
  async start(connection: DriverConnection): Promise<void> {
    await checkSession(this.session, connection, async () => {
      const { pageId, pageAccessToken } = credentialsOf(connection);
      await this.graph.get('me', { token: pageAccessToken, query: { fields: 'id,name' } });
      await this.graph.post(`${pageId}/subscribed_apps`, {
        token: pageAccessToken,
        query: { subscribed_fields: SubscribedFields },
      });
      return { number: null };
    });
  }

  async send(
    connection: DriverConnection,
    command: SendMessageCommand,
  ): Promise<SendMessageResult> {
    if (command.template) throw templateRefusal(this.kind);
    if (command.reaction) {
      const details: SendRefusalDetails = {
        refused: true,
        reason: 'Messenger and Instagram do not let a page react to messages',
      };
      throw new AppError('ERR_SENDING_WAPP_MSG', { message: details.reason, details });
    }
    const { pageAccessToken } = credentialsOf(connection);
    const recipient = { id: command.peer.number };
    const replyTo = command.quotedExternalId ? { reply_to: { mid: command.quotedExternalId } } : {};
    let messageId: string;
    if (command.media) {
      assertMediaFits(this.kind, command.media);
      const file = await this.media.read(command.media);
      const form = new FormData();
      form.set('recipient', JSON.stringify(recipient));
      form.set('messaging_type', 'RESPONSE');
      form.set(
        'message',
        JSON.stringify({
          attachment: {
            type: AttachmentTypes[command.media.mediaType] ?? 'file',
            payload: { is_reusable: false },
          },
        }),
      );
      form.set('filedata', file.blob, file.fileName);
      messageId = await this.post(pageAccessToken, { form });
      // attachments carry no caption: a text follows when there is one
      if (command.body && command.body !== file.fileName) {
        await this.post(pageAccessToken, {
          json: { recipient, messaging_type: 'RESPONSE', message: { text: command.body } },
        });
      }
    } else {
      messageId = await this.post(pageAccessToken, {
        json: {
          recipient,
          messaging_type: 'RESPONSE',
          message: { text: command.body },
          ...replyTo,
        },
      });
    }
    return this.sent(messageId);
  }

  async markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void> {
    const { pageAccessToken } = credentialsOf(connection);
    await this.post(pageAccessToken, {
      json: { recipient: { id: command.peer.number }, sender_action: 'mark_seen' },
    });
  }

  /** Page-scoped ids only exist once the person wrote to the page. */
  async checkContact(_connection: DriverConnection, number: string): Promise<CheckContactResult> {
    return { exists: number.trim() !== '', number: number.trim() };
  }

  async profilePicture(connection: DriverConnection, number: string): Promise<string | null> {
    return (await this.peerProfile(connection, number)).pictureUrl ?? null;
  }

  /** Name and picture of a page-scoped id; empty when Meta does not share them. */
  async peerProfile(connection: DriverConnection, id: string): Promise<PeerProfile> {
    const { pageAccessToken } = credentialsOf(connection);
    const fields =
      this.kind === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic';
    try {
      const profile = await this.graph.get(id, { token: pageAccessToken, query: { fields } });
      const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
      const name =
        this.kind === 'instagram'
          ? (text(profile.name) ?? text(profile.username))
          : [text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ') ||
            undefined;
      return { name, pictureUrl: text(profile.profile_pic) };
    } catch {
      return {};
    }
  }

  private async post(token: string, body: { json?: unknown; form?: FormData }): Promise<string> {
    const reply = await sending(() => this.graph.post('me/messages', { token, ...body }));
    return String(reply.message_id ?? '');
  }
}
