import { Module } from '@nestjs/common';
import { SchedulesModule } from './schedules/schedules.module.js';

/** The campaigns service's root module: one domain module per area. */
@Module({ imports: [SchedulesModule] })
export class CampaignsModule {}
