import { Module } from '@nestjs/common';
import { SchedulesModule } from './schedules/schedules.module.js';
import { OnDutyModule } from './on-duty/on-duty.module.js';
import { ContactListsModule } from './contact-lists/contact-lists.module.js';
import { CampaignsDomainModule } from './campaigns/campaigns.module.js';
import { ContactErasureModule } from './contact-erasure/contact-erasure.module.js';
import { FencingModule } from './fencing/fencing.module.js';

/** The campaigns service's root module: one domain module per area. */
@Module({
  imports: [
    SchedulesModule,
    OnDutyModule,
    ContactListsModule,
    CampaignsDomainModule,
    ContactErasureModule,
    FencingModule,
  ],
})
export class CampaignsModule {}
