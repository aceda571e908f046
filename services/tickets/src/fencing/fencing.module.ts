import { Module } from '@nestjs/common';
import { CompanyFenceConsumer } from './company-fence.consumer.js';
import { CompanyFencesRepository } from './company-fences.repository.js';

/** Fencing of a company during a tenant operation: tickets' pollers and jobs leave it alone. */
@Module({
  providers: [CompanyFencesRepository, CompanyFenceConsumer],
  exports: [CompanyFencesRepository],
})
export class FencingModule {}
