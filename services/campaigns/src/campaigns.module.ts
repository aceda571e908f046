import { Module } from '@nestjs/common';
import { SchedulesModule } from './schedules/schedules.module.js';
import { PlantaoModule } from './plantao/plantao.module.js';
import { ContactListsModule } from './contact-lists/contact-lists.module.js';

/** The campaigns service's root module: one domain module per area. */
@Module({ imports: [SchedulesModule, PlantaoModule, ContactListsModule] })
export class CampaignsModule {}
