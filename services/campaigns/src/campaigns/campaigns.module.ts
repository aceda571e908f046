import { Module } from '@nestjs/common';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { DirectoriesModule } from '../directories/directories.module.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignRepliesConsumer } from './campaign-replies.consumer.js';
import { CampaignRepliesRepository } from './campaign-replies.repository.js';
import { ConnectionDaysRepository } from './connection-days.repository.js';
import { SendLimitsGate } from './send-limits.gate.js';
import { OptOutsService } from './opt-outs.service.js';

/** Campaigns: CRUD over the bus, the dispatcher, and contacts' replies (confirmations, opt-outs). */
@Module({
  imports: [DirectoriesModule, ContactListsModule],
  providers: [
    CampaignsRepository,
    CampaignsService,
    CampaignDispatcher,
    CampaignRepliesRepository,
    CampaignRepliesConsumer,
    ConnectionDaysRepository,
    SendLimitsGate,
    OptOutsService,
  ],
  exports: [CampaignsRepository, CampaignDispatcher],
})
export class CampaignsDomainModule {}
