import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { FileListsRepository } from './file-lists.repository.js';
import { FileListsService } from './file-lists.service.js';

/** File lists; exports the service so the bot flow can read a list with its options (`listWithOptions`). */
@Module({
  imports: [MediaModule],
  providers: [FileListsRepository, FileListsService],
  exports: [FileListsService],
})
export class FileListsModule {}
