import { Module } from '@nestjs/common';
import {
  CompanyHoursConsumer,
  QueueHoursConsumer,
  ScheduleTypeConsumer,
} from './business-hours.consumers.js';
import { BusinessHoursRepository } from './business-hours.repository.js';
import { BusinessHoursService } from './business-hours.service.js';

/** The companies' and queues' hours, kept from events, that business-hour figures are counted in. */
@Module({
  providers: [
    BusinessHoursRepository,
    BusinessHoursService,
    CompanyHoursConsumer,
    ScheduleTypeConsumer,
    QueueHoursConsumer,
  ],
  exports: [BusinessHoursService],
})
export class BusinessHoursModule {}
