import { Module } from '@nestjs/common';
import { ScheduleDirectory } from './schedule-directory.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesHandler } from './schedules.handler.js';
import { SchedulesRepository } from './schedules.repository.js';
import { SchedulesService } from './schedules.service.js';

/** Scheduled messages: CRUD over the bus and the durable sender. */
@Module({
  providers: [
    SchedulesRepository,
    ScheduleDirectory,
    SchedulesService,
    SchedulesHandler,
    ScheduleSender,
  ],
})
export class SchedulesModule {}
