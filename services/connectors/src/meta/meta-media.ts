import type { ChannelKind, StoredMedia } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { mediaKey, streamToBuffer, type ObjectStorage } from '@sb/storage';
import type { GraphClient } from './graph-client.js';
import { extensionOf, type InboundMediaRef } from './meta-inbound.js';

const MiB = 1024 * 1024;

/**
 * The largest file each Meta channel accepts per media kind (Cloud API: images 5 MB, audio and video
 * 16 MB, documents 100 MB; Messenger 25 MB; Instagram images 8 MB, other files 25 MB).
 */
export function mediaLimitOf(channel: ChannelKind, media: Pick<StoredMedia, 'mediaType'>): number {
  if (channel === 'whatsappapi') {
    if (media.mediaType === 'image') return 5 * MiB;
    if (media.mediaType === 'audio' || media.mediaType === 'video') return 16 * MiB;
    return 100 * MiB;
  }
  if (channel === 'instagram' && media.mediaType === 'image') return 8 * MiB;
  return 25 * MiB;
}

/** Refuses a file over the channel's limit before anything is uploaded. */
export function assertMediaFits(channel: ChannelKind, media: StoredMedia): void {
  const limit = mediaLimitOf(channel, media);
  if (media.size > limit) {
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', {
      message: `This file is larger than the channel accepts (${Math.floor(limit / MiB)} MB).`,
      details: { reason: 'media_too_large', limit, size: media.size },
    });
  }
}

/** A file to send, read back from object storage. */
export type OutboundFile = { blob: Blob; fileName: string; mimeType: string };

/** Copies media between Meta and object storage (keys `company-<id>/messages/...`, like every driver). */
export class MetaMedia {
  constructor(
    private readonly graph: GraphClient,
    private readonly storage: ObjectStorage,
    private readonly maxBytes: number,
  ) {}

  /** A file storage no longer has (or cannot read) is ERR_WAPP_DOWNLOAD_MEDIA. */
  async read(media: StoredMedia): Promise<OutboundFile> {
    let stored: Awaited<ReturnType<ObjectStorage['get']>>;
    let buffer: Buffer;
    try {
      stored = await this.storage.get(media.key);
      buffer = await streamToBuffer(stored.stream);
    } catch (error) {
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', { details: { reason: String(error) } });
    }
    const mimeType = media.mimeType || stored.contentType;
    return {
      blob: new Blob([new Uint8Array(buffer)], { type: mimeType }),
      fileName: media.fileName,
      mimeType,
    };
  }

  /** Downloads an inbound media (a Cloud API media id is looked up first) and stores it. */
  async fetchAndStore(
    companyId: number,
    ref: InboundMediaRef,
    token: string,
  ): Promise<StoredMedia> {
    let url: string;
    let mimeType = ref.mimeType;
    let downloadToken: string | undefined;
    if (ref.source === 'graph-id') {
      const info = await this.graph.get(ref.id, { token });
      url = String(info.url ?? '');
      mimeType ??= typeof info.mime_type === 'string' ? info.mime_type : undefined;
      downloadToken = token;
    } else {
      url = ref.url;
    }
    const downloaded = await this.graph.download(url, downloadToken, this.maxBytes);
    const contentType = mimeType ?? downloaded.contentType;
    // Messenger URLs carry no type: the name gets its extension from the download
    const fileName = ref.fileName.replace(/\.bin$/, `.${extensionOf(contentType)}`);
    const key = mediaKey({ companyId, area: 'messages', fileName });
    await this.storage.put(key, downloaded.buffer, {
      contentType,
      size: downloaded.buffer.length,
    });
    return {
      key,
      mimeType: contentType,
      fileName,
      size: downloaded.buffer.length,
      mediaType: ref.mediaType,
    };
  }
}
