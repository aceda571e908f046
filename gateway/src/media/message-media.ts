import {
  ChannelMediaMaxBytes,
  type ChannelKind,
  type MessageMediaType,
  type StoredMedia,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { mediaKey, type ObjectStorage } from '@sb/storage';
import { detectMediaType, fileMatchesClaim, mediaFileName, type MediaType } from './media-type.js';

/** The largest file any channel takes: multer's hard stop; the channel's own limit is checked next. */
export const MaxMessageUploadBytes = Math.max(...Object.values(ChannelMediaMaxBytes));
/** At most this many files in one message send. */
export const MaxMessageUploadFiles = 10;

export type UploadedMedia = {
  buffer: Buffer;
  originalname?: string;
  mimetype?: string;
  size: number;
};

/** The stored message type of a file, from the type its bytes prove. */
export const messageMediaKind = (type: MediaType | undefined): MessageMediaType => {
  if (!type) return 'application';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'application';
};

/**
 * Message attachments (the checks of POST /messages/:ticketId, for POST /api/messages/send): every file
 * checked against the channel's limit (413) and against what its name or type claims (415) first, then
 * typed by its bytes and stored under the company's key. A failure half way removes what was stored.
 */
export async function storeMessageMedia(
  storage: ObjectStorage,
  logger: Logger,
  companyId: number,
  channel: ChannelKind | undefined,
  files: UploadedMedia[],
): Promise<StoredMedia[]> {
  const limit = (channel && ChannelMediaMaxBytes[channel]) || MaxMessageUploadBytes;
  if (files.some((file) => file.size > limit)) {
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', {
      message: `Files on this channel may have at most ${Math.floor(limit / (1024 * 1024))} MB.`,
    });
  }
  // a file whose type or extension names an image, audio, video or PDF must hold such bytes
  const types = files.map((file) => detectMediaType(file.buffer));
  if (files.some((file, i) => !fileMatchesClaim(types[i], file.mimetype, file.originalname))) {
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', {
      message: 'This file is not what its name or type says.',
      fields: { medias: ['The file content does not match its type'] },
    });
  }
  const stored: StoredMedia[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const type = types[i];
      const mimeType = type ?? 'application/octet-stream';
      const fileName = type
        ? mediaFileName(file.originalname, type)
        : (file.originalname ?? 'file').replace(/[^A-Za-z0-9._-]+/g, '-').slice(-100) || 'file';
      const key = mediaKey({ companyId, area: 'messages', fileName });
      await storage.put(key, file.buffer, { contentType: mimeType, size: file.size });
      stored.push({ key, mimeType, fileName, size: file.size, mediaType: messageMediaKind(type) });
    }
  } catch (err) {
    await removeMessageMedia(storage, logger, stored);
    throw err;
  }
  return stored;
}

/** A leftover file costs storage, never correctness: log it and go on. */
export async function removeMessageMedia(
  storage: ObjectStorage,
  logger: Logger,
  medias: StoredMedia[] | undefined,
): Promise<void> {
  for (const media of medias ?? []) {
    await storage.remove(media.key).catch((err: unknown) => {
      logger.warn({ err, key: media.key }, 'could not remove a message attachment');
    });
  }
}
