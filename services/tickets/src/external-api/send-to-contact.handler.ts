import { Injectable } from '@nestjs/common';
import { Subjects, type SendToContactReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { SendToContactService } from './send-to-contact.service.js';

/** The schedule sender's command (campaigns service); never routed from the gateway. */
@Injectable()
export class SendToContactHandler {
  constructor(private readonly sender: SendToContactService) {}

  @BusHandler(Subjects.tickets.messageSendToContact)
  send(data: unknown, ctx: CallContext): Promise<SendToContactReply> {
    return this.sender.send(ctx, data);
  }
}
