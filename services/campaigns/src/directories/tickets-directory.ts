import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ContactRecord,
  type RequestContext,
  type SendToContactCommand,
  type SendToContactReply,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';

const LookupTimeoutMs = 5_000;
/** tickets finds or creates the ticket and stores the message before answering. */
const SendTimeoutMs = 30_000;

/** What campaigns asks tickets: a contact, and a message sent to one as a user. */
@Injectable()
export class TicketsDirectory {
  constructor(@Inject(BUS) private readonly bus: Bus) {}

  /** The contact as the caller may see it; another company's is ERR_NO_CONTACT_FOUND. */
  contact(ctx: RequestContext, id: number): Promise<ContactRecord> {
    return this.bus.request(
      Subjects.tickets.contactGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }

  /** A text to a contact through the company's default connection, sent as `userId`. */
  sendToContact(
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
    return this.bus.request(
      Subjects.tickets.messageSendToContact,
      { ctx, data: command },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
