import { Module } from '@nestjs/common';
import { SlaTargetsRepository } from './sla-targets.repository.js';
import { SlaTargetsService } from './sla-targets.service.js';

/** The SLA panel's targets (the panel's figures are the service metrics'). */
@Module({
  providers: [SlaTargetsRepository, SlaTargetsService],
  exports: [SlaTargetsService],
})
export class SlaModule {}
