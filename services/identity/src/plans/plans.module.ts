import { Module } from '@nestjs/common';
import { PlansHandler } from './plans.handler.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';

@Module({
  providers: [PlansRepository, PlansService, PlansHandler],
  exports: [PlansRepository],
})
export class PlansModule {}
