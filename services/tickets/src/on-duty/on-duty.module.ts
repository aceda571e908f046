import { Module } from '@nestjs/common';
import { AutomationModule } from '../automation/automation.module.js';
import { OnDutyDirectory } from './on-duty-directory.js';
import { OnDutyRunner } from './on-duty-runner.js';
import { OnDutyRepository } from './on-duty.repository.js';
import { OnDutyService } from './on-duty.service.js';

/** The on-duty (plantão) alerts: WhatsApp texts to the staff on duty about tickets that wait. */
@Module({
  imports: [AutomationModule],
  providers: [OnDutyRepository, OnDutyDirectory, OnDutyService, OnDutyRunner],
})
export class OnDutyModule {}
