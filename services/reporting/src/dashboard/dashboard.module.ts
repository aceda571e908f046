import { Module } from '@nestjs/common';
import { ProjectionModule } from '../projection/projection.module.js';
import { DashboardHandler } from './dashboard.handler.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** The dashboard and Tempo Real calls (spec 2 §7) over the projections. */
@Module({
  imports: [ProjectionModule],
  providers: [DashboardRepository, DashboardService, DashboardHandler],
})
export class DashboardModule {}
