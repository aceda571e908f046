import { Module } from '@nestjs/common';
import { CompanyFenceConsumer } from './company-fence.consumer.js';
import { CompanyFencesRepository } from './company-fences.repository.js';

/** Fencing of a company during a tenant operation: its campaigns and schedules wait. */
@Module({ providers: [CompanyFencesRepository, CompanyFenceConsumer] })
export class FencingModule {}
