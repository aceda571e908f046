import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { PlantaoStaffConsumer } from './plantao-staff.consumer.js';
import { PlantaoHandler } from './plantao.handler.js';
import { PlantaoRepository } from './plantao.repository.js';
import { PlantaoService } from './plantao.service.js';

/**
 * On-duty staff: CRUD over the bus, "who is on duty now" for the tickets service's alerts, and the
 * entries of deleted users and companies removed.
 */
@Module({
  imports: [DirectoriesModule],
  providers: [PlantaoRepository, PlantaoService, PlantaoHandler, PlantaoStaffConsumer],
})
export class PlantaoModule {}
