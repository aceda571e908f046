import { Module } from '@nestjs/common';
import { FiguresChangedNotifier } from './figures-changed.notifier.js';
import { ProjectionRebuildService } from './projection-rebuild.service.js';
import { ProjectionConsumer } from './projection.consumer.js';
import { ProjectionRepository } from './projection.repository.js';
import { ProjectionService } from './projection.service.js';
import { CompanyZoneConsumer } from '../time-zone/company-zone.consumer.js';
import { CompanyZoneRepository } from '../time-zone/company-zone.repository.js';
import { CompanyZoneService } from '../time-zone/company-zone.service.js';

/** The read models fed by the event stream, and their rebuild from a replay. */
@Module({
  providers: [
    ProjectionRepository,
    ProjectionService,
    ProjectionConsumer,
    FiguresChangedNotifier,
    ProjectionRebuildService,
    // the companies' own time zones (the rollups' calendar days)
    CompanyZoneRepository,
    CompanyZoneService,
    CompanyZoneConsumer,
  ],
  exports: [ProjectionService, ProjectionRebuildService, CompanyZoneService],
})
export class ProjectionModule {}
