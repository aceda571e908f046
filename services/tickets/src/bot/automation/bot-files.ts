import { Injectable } from '@nestjs/common';
import type { MessageMediaType, RequestContext } from '@sb/contracts';
import { FileListsService } from '../../file-lists/file-lists.service.js';
import { MessageSending } from '../../messages/message-sending.service.js';
import { MediaStorage } from '../../media/media-storage.js';

/** The stored kind of a file from its MIME type. */
export const mediaTypeOfMime = (mime: string): MessageMediaType => {
  const kind = mime.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
};

/** Files the bot sends from the media store: file lists (spec 3 §2.15) and the connection's greeting media. */
@Injectable()
export class BotFiles {
  constructor(
    private readonly fileLists: FileListsService,
    private readonly messages: MessageSending,
    private readonly storage: MediaStorage,
  ) {}

  /**
   * A file list: its message, then each option's file with the option's name as caption. An option
   * without a file, or whose file is gone from storage, is skipped.
   */
  async sendList(ctx: RequestContext, ticketId: number, fileListId: number): Promise<void> {
    const list = await this.fileLists.listWithOptions(ctx.companyId, fileListId);
    if (!list) return;
    await this.messages.sendSystemText(ctx, ticketId, list.message, { awaitSend: true });
    for (const option of list.options) {
      if (option.path)
        await this.sendFile(ctx, ticketId, option.path, option.name, option.mediaType || null);
    }
  }

  /** One stored file with its caption; false when the file is gone from storage (nothing is sent). */
  async sendFile(
    ctx: RequestContext,
    ticketId: number,
    key: string,
    caption: string,
    mimeType: string | null = null,
  ): Promise<boolean> {
    const stat = await (await this.storage.get()).stat(key);
    if (!stat) return false;
    const mime = mimeType ?? stat.contentType;
    await this.messages.sendSystemMedia(
      ctx,
      ticketId,
      {
        key,
        mimeType: mime,
        fileName: key.split('/').pop() ?? caption,
        size: stat.size,
        mediaType: mediaTypeOfMime(mime),
      },
      caption,
      { awaitSend: true },
    );
    return true;
  }
}
