import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { deletedMessageChange } from './deleted-messages.js';
import { MediaStorage } from '../media/media-storage.js';
import type { Message } from './message.entity.js';
import { MessagesRepository } from './messages.repository.js';

/** A message deleted for everyone, by the contact on the channel or by its agent (DELETE /messages/:id). */
@Injectable()
export class MessageDeletion {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly identity: IdentityDirectory,
    private readonly storage: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Marks `message` deleted in `manager`'s transaction, erasing its text and file when the company's
   * lgpdDeleteMessage is on. A forwarded copy shares the file, so the file goes only with its last message.
   */
  async apply(manager: EntityManager, ctx: RequestContext, message: Message): Promise<void> {
    const erase = (await this.identity.cachedSetting(ctx, 'lgpdDeleteMessage')) === 'enabled';
    const change = deletedMessageChange(erase);
    const fileKey = erase ? message.mediaKey : null;
    await this.messages.markDeleted(manager, message.companyId, message.id, change);
    Object.assign(message, change, { updatedAt: new Date() });
    if (!fileKey) return;
    const shared = await this.messages.fileSharedWithOthers(
      manager,
      message.companyId,
      fileKey,
      message.id,
    );
    if (shared) return;
    try {
      await (await this.storage.get()).remove(fileKey);
    } catch (err) {
      this.logger.warn({ err, messageId: message.id }, 'deleted message file not removed');
    }
  }
}
