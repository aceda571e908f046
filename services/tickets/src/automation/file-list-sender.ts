import { Injectable } from '@nestjs/common';
import type { MessageMediaType, RequestContext } from '@sb/contracts';
import { FileListsService } from '../file-lists/file-lists.service.js';
import { MessagesService } from '../messages/messages.service.js';
import { MediaStorage } from '../messages/media-storage.js';

/** The stored kind of a file from its MIME type. */
export const mediaTypeOfMime = (mime: string): MessageMediaType => {
  const kind = mime.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
};

/**
 * Sends a file list (spec 3 §2.15) as the bot: its message, then each option's file with the option's
 * name as caption. An option without a file, or whose file is gone from storage, is skipped.
 */
@Injectable()
export class FileListSender {
  constructor(
    private readonly fileLists: FileListsService,
    private readonly messages: MessagesService,
    private readonly storage: MediaStorage,
  ) {}

  async send(ctx: RequestContext, ticketId: number, fileListId: number): Promise<void> {
    const list = await this.fileLists.listWithOptions(ctx.companyId, fileListId);
    if (!list) return;
    await this.messages.sendSystemText(ctx, ticketId, list.message, { awaitSend: true });
    const files = list.options.filter((option) => option.path);
    if (!files.length) return;
    const storage = await this.storage.get();
    for (const option of files) {
      const key = option.path!;
      const stat = await storage.stat(key);
      if (!stat) continue;
      const mimeType = option.mediaType || stat.contentType;
      await this.messages.sendSystemMedia(
        ctx,
        ticketId,
        {
          key,
          mimeType,
          fileName: key.split('/').pop() ?? option.name,
          size: stat.size,
          mediaType: mediaTypeOfMime(mimeType),
        },
        option.name,
        { awaitSend: true },
      );
    }
  }
}
