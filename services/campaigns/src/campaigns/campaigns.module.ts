import { Module } from '@nestjs/common';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { DirectoriesModule } from '../directories/directories.module.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { CampaignsHandler } from './campaigns.handler.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { ConfirmationRepliesConsumer } from './confirmation-replies.consumer.js';

/** Campaigns: CRUD over the bus, the dispatcher and the confirmation replies. */
@Module({
  imports: [DirectoriesModule, ContactListsModule],
  providers: [
    CampaignsRepository,
    CampaignsService,
    CampaignsHandler,
    CampaignDispatcher,
    ConfirmationRepliesConsumer,
  ],
  exports: [CampaignsRepository, CampaignDispatcher],
})
export class CampaignsDomainModule {}
