import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { OnDutyStaffConsumer } from './on-duty-staff.consumer.js';
import { OnDutyRepository } from './on-duty.repository.js';
import { OnDutyService } from './on-duty.service.js';

/**
 * On-duty staff: CRUD over the bus, "who is on duty now" for the tickets service's alerts, and the
 * entries of deleted users and companies removed.
 */
@Module({
  imports: [DirectoriesModule],
  providers: [OnDutyRepository, OnDutyService, OnDutyStaffConsumer],
})
export class OnDutyModule {}
