import { Module } from '@nestjs/common';
import { SchedulesModule } from './schedules/schedules.module.js';
import { OnDutyModule } from './on-duty/on-duty.module.js';

/** The campaigns service's root module: one domain module per area. */
@Module({ imports: [SchedulesModule, OnDutyModule] })
export class CampaignsModule {}
