import { Module } from '@nestjs/common';
import type { CompanyFenceEventData } from '@sb/contracts';
import { feedConsumer } from '@sb/platform/nest';
import { CompanyFences, companyFenceFeed } from '@sb/platform/tenant';

/**
 * Fencing of a company during a tenant operation (ARCHITECTURE.md §9): while it is fenced, tickets'
 * pollers (router, on-duty alerts, message retention) leave it out and its automation jobs (bot
 * replies, timers) wait, so its rows hold still for the cut; nothing is lost, they run at the first
 * pass after.
 */
@Module({
  providers: [
    CompanyFences,
    feedConsumer<CompanyFences, CompanyFenceEventData>(
      companyFenceFeed('tickets'),
      CompanyFences,
      (fences, event, manager) => fences.apply(event, manager),
    ),
  ],
  exports: [CompanyFences],
})
export class FencingModule {}
