import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ContactRecord,
  type RequestContext,
  type SendToContactCommand,
  type SendToContactReply,
  type UserRecord,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';

const LookupTimeoutMs = 5_000;
/** tickets finds or creates the ticket and stores the message before answering. */
const SendTimeoutMs = 30_000;

/**
 * What schedules ask the services that own the data: the contact (tickets), the owner's name
 * (identity), and the send itself (tickets, through the company's default connection).
 */
@Injectable()
export class ScheduleDirectory {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The contact as the caller may see it; another company's is ERR_NO_CONTACT_FOUND. */
  contact(ctx: RequestContext, id: number): Promise<ContactRecord> {
    return this.bus.request<ContactRecord>(
      Subjects.tickets.contactGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }

  /** The user's name; '' when identity cannot tell (the list then shows no name). */
  async userName(ctx: RequestContext, id: number): Promise<string> {
    try {
      const user = await this.bus.request<UserRecord>(
        Subjects.identity.userGet,
        { ctx, data: { id } },
        { timeoutMs: LookupTimeoutMs },
      );
      return user.name;
    } catch (err) {
      this.logger.warn({ err, userId: id }, 'schedule owner name lookup failed');
      return '';
    }
  }

  /** Hands a due schedule to tickets, as its owner. */
  send(
    companyId: number,
    userId: number,
    command: SendToContactCommand,
  ): Promise<SendToContactReply> {
    const ctx: RequestContext = {
      requestId: randomUUID(),
      companyId,
      userId,
      profile: 'user',
      super: false,
      lang: 'es',
    };
    return this.bus.request<SendToContactReply>(
      Subjects.tickets.messageSendToContact,
      { ctx, data: command },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
