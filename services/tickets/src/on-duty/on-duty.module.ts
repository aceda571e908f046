import { Module } from '@nestjs/common';
import { TicketCoreModule } from '../tickets/core/ticket-core.module.js';
import { OnDutyRunner } from './on-duty-runner.js';
import { OnDutyRepository } from './on-duty.repository.js';
import { OnDutyService } from './on-duty.service.js';
import { FencingModule } from '../fencing/fencing.module.js';

/** The on-duty (plantão) alerts: WhatsApp texts to the staff on duty about tickets that wait. */
@Module({
  imports: [TicketCoreModule, FencingModule],
  providers: [OnDutyRepository, OnDutyService, OnDutyRunner],
})
export class OnDutyModule {}
