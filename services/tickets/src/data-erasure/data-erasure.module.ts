import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { MediaModule } from '../media/media.module.js';
import { ContactErasureService } from './contact-erasure.service.js';
import { DataErasureRepository } from './data-erasure.repository.js';
import { MediaCleanup } from './media-cleanup.js';
import { MessageRetentionRunner } from './message-retention-runner.js';
import { MessageRetentionService } from './message-retention.service.js';
import { FencingModule } from '../fencing/fencing.module.js';

/** LGPD: the message retention job and a contact's erasure, with the files they free. */
@Module({
  imports: [DirectoriesModule, MediaModule, FencingModule],
  providers: [
    DataErasureRepository,
    MediaCleanup,
    MessageRetentionService,
    MessageRetentionRunner,
    ContactErasureService,
  ],
  exports: [MessageRetentionRunner, MessageRetentionService],
})
export class DataErasureModule {}
