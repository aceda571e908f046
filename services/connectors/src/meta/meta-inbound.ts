import type {
  ChannelKind,
  InboundMessageEventData,
  MessageAck,
  MessageMediaType,
} from '@sb/contracts';

/** Where the bytes of an inbound media are: a Cloud API media id (needs the token) or a plain URL. */
export type InboundMediaRef =
  | {
      source: 'graph-id';
      id: string;
      mimeType?: string;
      fileName: string;
      mediaType: MessageMediaType;
    }
  | {
      source: 'url';
      url: string;
      mimeType?: string;
      fileName: string;
      mediaType: MessageMediaType;
    };

/** A normalised message before it is tied to a connection and its media copied to storage. */
export type InboundMessage = {
  data: Omit<InboundMessageEventData, 'connectionId' | 'media'>;
  media?: InboundMediaRef;
};

export type InboundAck = { externalId: string; ack: MessageAck };

/** What one webhook says about one channel account (phone number, page or Instagram account). */
export type InboundBatch = {
  channel: ChannelKind;
  /** phone_number_id / page id / instagram id: the connection's external_id */
  accountId: string;
  messages: InboundMessage[];
  acks: InboundAck[];
};

/** Parts of a payload that were skipped (unknown types, missing fields): logged, never thrown. */
export type NormaliseIssue = { reason: string; item?: unknown };

export type JsonObject = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** Meta timestamps: seconds (Cloud API, as strings) or milliseconds (Messenger). */
export function isoOf(timestamp: unknown, unit: 's' | 'ms'): string {
  const value = Number(timestamp);
  if (!Number.isFinite(value) || value <= 0) return new Date().toISOString();
  return new Date(unit === 's' ? value * 1000 : value).toISOString();
}

const Extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

/** The file extension of a MIME type (`bin` when unknown). */
export function extensionOf(mimeType?: string): string {
  const base = mimeType?.split(';')[0].trim().toLowerCase() ?? '';
  const guess = Extensions[base] ?? base.split('/')[1]?.replace(/[^a-z0-9]/g, '');
  return guess || 'bin';
}

/** A file name for media that came without one: `<kind>-<id>.<ext>`. */
export function fileNameFor(kind: string, id: string, mimeType?: string): string {
  const shortId = id.replace(/[^A-Za-z0-9]/g, '').slice(-24) || 'media';
  return `${kind}-${shortId}.${extensionOf(mimeType)}`;
}
