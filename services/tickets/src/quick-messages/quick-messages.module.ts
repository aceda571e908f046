import { Module } from '@nestjs/common';
import { MediaUrls } from './media-urls.js';
import { QuickMessagesHandler } from './quick-messages.handler.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { QuickMessagesService } from './quick-messages.service.js';

@Module({
  providers: [MediaUrls, QuickMessagesRepository, QuickMessagesService, QuickMessagesHandler],
})
export class QuickMessagesModule {}
