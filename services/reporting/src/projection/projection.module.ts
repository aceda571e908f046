import { Module } from '@nestjs/common';
import { ProjectionRebuildService } from './projection-rebuild.service.js';
import { ProjectionConsumer } from './projection.consumer.js';
import { ProjectionRepository } from './projection.repository.js';
import { ProjectionService } from './projection.service.js';

/** The read models fed by the event stream, and their rebuild from a replay. */
@Module({
  providers: [
    ProjectionRepository,
    ProjectionService,
    ProjectionConsumer,
    ProjectionRebuildService,
  ],
  exports: [ProjectionService, ProjectionRebuildService],
})
export class ProjectionModule {}
