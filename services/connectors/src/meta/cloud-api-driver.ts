import type {
  CheckContactResult,
  ReadMessagesCommand,
  SendMessageCommand,
  SendMessageResult,
  TemplateSend,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { ChannelDriver, DriverConnection } from '../drivers/channel-driver.js';
import type { GraphClient } from './graph-client.js';
import { sending } from './graph-errors.js';
import { MetaDriver } from './meta-driver.js';
import { checkSession, type SessionReporter } from './meta-session.js';
import { assertMediaFits, type MetaMedia } from './meta-media.js';

type CloudCredentials = { phoneNumberId: string; accessToken: string };

function credentialsOf(connection: DriverConnection): CloudCredentials {
  const { phoneNumberId, accessToken } = connection.credentials;
  if (!phoneNumberId || !accessToken) {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', {
      details: { reason: 'the connection has no Cloud API credentials' },
    });
  }
  return { phoneNumberId, accessToken };
}

/** Cloud API recipients are phone numbers in international format, digits only. */
const digitsOf = (number: string) => number.replace(/\D/g, '');

/**
 * WhatsApp Business Cloud API (`whatsappapi`): stateless HTTPS calls with the number's access token;
 * inbound traffic arrives by webhook (see MetaWebhookProcessor).
 */
export class CloudApiDriver extends MetaDriver implements ChannelDriver {
  readonly kind = 'whatsappapi' as const;
  protected readonly refusals = {
    revoke: 'The WhatsApp Cloud API cannot delete sent messages.',
    edit: 'The WhatsApp Cloud API cannot edit sent messages.',
  };

  constructor(
    private readonly graph: GraphClient,
    private readonly media: MetaMedia,
    private readonly session: SessionReporter,
  ) {
    super();
  }

  /** "Opening" a Cloud API number is checking its token: it answers with the display number. */
  async start(connection: DriverConnection): Promise<void> {
    await checkSession(this.session, connection, async () => {
      const { phoneNumberId, accessToken } = credentialsOf(connection);
      const info = await this.graph.get(phoneNumberId, {
        token: accessToken,
        query: { fields: 'display_phone_number,verified_name' },
      });
      const display =
        typeof info.display_phone_number === 'string' ? info.display_phone_number : '';
      return { number: digitsOf(display) || null };
    });
  }

  async send(
    connection: DriverConnection,
    command: SendMessageCommand,
  ): Promise<SendMessageResult> {
    const { phoneNumberId, accessToken } = credentialsOf(connection);
    const to = digitsOf(command.peer.number);
    if (!to) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    const content = await this.contentOf(phoneNumberId, accessToken, command);
    const reply = await sending(() =>
      this.graph.post(`${phoneNumberId}/messages`, {
        token: accessToken,
        json: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          ...content,
          ...(command.quotedExternalId
            ? { context: { message_id: command.quotedExternalId } }
            : {}),
        },
      }),
    );
    return this.sent((reply.messages as { id?: string }[] | undefined)?.[0]?.id);
  }

  /** Marking the newest message read marks the earlier ones of the conversation too. */
  async markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void> {
    const { phoneNumberId, accessToken } = credentialsOf(connection);
    const newest = command.externalIds.at(-1);
    if (!newest) return;
    await sending(() =>
      this.graph.post(`${phoneNumberId}/messages`, {
        token: accessToken,
        json: { messaging_product: 'whatsapp', status: 'read', message_id: newest },
      }),
    );
  }

  /** The Cloud API has no contact lookup: a plausible international number is accepted. */
  async checkContact(_connection: DriverConnection, number: string): Promise<CheckContactResult> {
    const digits = digitsOf(number);
    return { exists: digits.length >= 8 && digits.length <= 15, number: digits };
  }

  /** The Cloud API does not expose profile pictures. */
  async profilePicture(): Promise<string | null> {
    return null;
  }

  private async contentOf(
    phoneNumberId: string,
    accessToken: string,
    command: SendMessageCommand,
  ): Promise<Record<string, unknown>> {
    if (command.template) return templateContent(command.template);
    if (command.reaction) {
      return {
        type: 'reaction',
        reaction: { message_id: command.reaction.externalId, emoji: command.body },
      };
    }
    if (command.media) {
      assertMediaFits('whatsappapi', command.media);
      const file = await this.media.read(command.media);
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimeType);
      form.set('file', file.blob, file.fileName);
      const uploaded = await sending(() =>
        this.graph.post(`${phoneNumberId}/media`, { token: accessToken, form }),
      );
      const id = String(uploaded.id ?? '');
      const caption = command.body && command.body !== file.fileName ? command.body : undefined;
      const withCaption = caption ? { caption } : {};
      const mediaType = command.media.mediaType;
      if (mediaType === 'image') return { type: 'image', image: { id, ...withCaption } };
      if (mediaType === 'video') return { type: 'video', video: { id, ...withCaption } };
      // audio takes no caption
      if (mediaType === 'audio') return { type: 'audio', audio: { id } };
      return { type: 'document', document: { id, filename: file.fileName, ...withCaption } };
    }
    if (command.vcard) return { type: 'contacts', contacts: contactsOfVcard(command.vcard) };
    return {
      type: 'text',
      text: { body: command.body, preview_url: /https?:\/\//.test(command.body) },
    };
  }
}

/**
 * A template message: the body's values as text parameters (named ones carry `parameter_name`);
 * header, footer and buttons go as approved.
 */
export function templateContent(template: TemplateSend): Record<string, unknown> {
  const values = template.bodyParameters ?? [];
  const parameters = values.map((value) => ({
    type: 'text',
    ...(value.name ? { parameter_name: value.name } : {}),
    text: value.text,
  }));
  return {
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}),
    },
  };
}

/** The Cloud API wants shared contacts structured: name and phones read from the vCard(s). */
export function contactsOfVcard(vcard: string): Record<string, unknown>[] {
  const cards = vcard.split(/END:VCARD/i).filter((part) => /BEGIN:VCARD/i.test(part));
  return cards.map((card) => {
    const lines = card.split(/\r?\n/);
    const value = (line: string) => line.slice(line.indexOf(':') + 1).trim();
    const formatted = lines.find((line) => /^FN[:;]/i.test(line));
    const phones = lines
      .filter((line) => /^TEL[:;]/i.test(line))
      .map((line) => {
        const waId = /waid=(\d+)/i.exec(line)?.[1];
        return { phone: value(line), type: 'CELL', ...(waId ? { wa_id: waId } : {}) };
      });
    const name = formatted ? value(formatted) : (phones[0]?.phone ?? 'Contact');
    return { name: { formatted_name: name, first_name: name }, phones };
  });
}
