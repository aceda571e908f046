import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type NotificationSendReply,
  type NotificationSendRequest,
  type PlantaoOnDutyReply,
  type PlantaoOnDutyRequest,
  type PlantaoRecord,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { BotContext } from '../automation/bot-context.js';
import { systemContext } from '../messages/channel-sender.js';

const LookupTimeoutMs = 5_000;
/** connectors answers once the channel took the text */
const SendTimeoutMs = 30_000;

/**
 * What the alerts ask other services: who is on duty (campaigns owns the on-duty staff; the windows are
 * read in the company's own time zone, which the bot's cached company hours carry) and the WhatsApp text
 * to a number through the company's default connection (connectors, the subject the password-reset
 * codes use).
 */
@Injectable()
export class OnDutyDirectory {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    private readonly context: BotContext,
  ) {}

  async onDuty(companyId: number, at: Date): Promise<PlantaoRecord[]> {
    const ctx = systemContext(companyId);
    const { timeZone } = await this.context.settings(ctx);
    const data: PlantaoOnDutyRequest = { companyId, at: at.toISOString(), timeZone };
    const reply = await this.bus.request<PlantaoOnDutyReply>(
      Subjects.campaigns.plantaoOnDuty,
      { ctx, data },
      { timeoutMs: LookupTimeoutMs },
    );
    return reply.entries;
  }

  send(companyId: number, to: string, body: string): Promise<NotificationSendReply> {
    const data: NotificationSendRequest = { companyId, to, body };
    return this.bus.request<NotificationSendReply>(
      Subjects.connectors.notificationSend,
      { ctx: systemContext(companyId), data },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
