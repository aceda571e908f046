import { Module } from '@nestjs/common';
import type { CompanyFenceEventData } from '@sb/contracts';
import { feedConsumer } from '@sb/platform/nest';
import { CompanyFences, companyFenceFeed } from '@sb/platform/tenant';

/**
 * Fencing of a company during a tenant operation (ARCHITECTURE.md §9): while it is fenced, its
 * campaigns do not start, its campaign rows and its schedules are not claimed; they stay due, nothing
 * is sent and nothing is lost, and the next pass after the fence lifts sends them.
 */
@Module({
  providers: [
    CompanyFences,
    feedConsumer<CompanyFences, CompanyFenceEventData>(
      companyFenceFeed('campaigns'),
      CompanyFences,
      (fences, event, manager) => fences.apply(event, manager),
    ),
  ],
})
export class FencingModule {}
