import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ContactRecord,
  type RequestContext,
  type SendToContactCommand,
  type SendToContactReply,
  type TagAudienceReply,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { companyCall } from './connectors-directory.js';

const LookupTimeoutMs = 5_000;
/** a tag may hold many thousands of contacts */
const AudienceTimeoutMs = 30_000;
/**
 * tickets finds or creates the ticket, stores the message and waits for the channel (which answers
 * within 30 s) before answering.
 */
const SendTimeoutMs = 65_000;

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

  /**
   * A tag's contacts a campaign sends to (tags are the tickets service's data; campaigns keeps no copy):
   * asked when the campaign is saved (`countOnly`) and when it starts. Another company's tag is
   * ERR_NO_TAG_FOUND.
   */
  tagAudience(ctx: RequestContext, id: number, countOnly = false): Promise<TagAudienceReply> {
    return this.bus.request(
      Subjects.tickets.tagAudience,
      { ctx, data: { id, countOnly } },
      { timeoutMs: AudienceTimeoutMs },
    );
  }

  /** A text to a contact through the company's default connection, sent as `userId`. */
  sendToContact(
    companyId: number,
    userId: number,
    command: SendToContactCommand,
  ): Promise<SendToContactReply> {
    const ctx: RequestContext = { ...companyCall(companyId), userId, profile: 'user' };
    return this.bus.request(
      Subjects.tickets.messageSendToContact,
      { ctx, data: command },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
