import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { QuickMessagesService } from './quick-messages.service.js';

@Module({
  imports: [MediaModule],
  providers: [QuickMessagesRepository, QuickMessagesService],
})
export class QuickMessagesModule {}
