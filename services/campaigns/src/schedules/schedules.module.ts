import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesRepository } from './schedules.repository.js';
import { SchedulesService } from './schedules.service.js';

/** Scheduled messages: CRUD over the bus and the durable sender. */
@Module({
  imports: [DirectoriesModule],
  providers: [SchedulesRepository, SchedulesService, ScheduleSender],
})
export class SchedulesModule {}
