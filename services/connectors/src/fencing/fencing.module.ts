import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module.js';
import { MetaModule } from '../meta/meta.module.js';
import { CompanyFenceConsumer } from './company-fence.consumer.js';
import { CompanyFencesRepository } from './company-fences.repository.js';

/** Fencing of a company during a tenant operation: its sessions stop, its webhooks wait. */
@Module({
  imports: [ConnectionsModule, MetaModule],
  providers: [CompanyFencesRepository, CompanyFenceConsumer],
})
export class FencingModule {}
