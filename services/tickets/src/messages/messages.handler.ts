import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type MessageRecord,
  type MessagesPage,
  type MessagesRead,
  type TicketImages,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { MessageActions } from './message-actions.service.js';
import { MessageForwarding } from './message-forwarding.service.js';
import { MessageQueries } from './message-queries.service.js';
import { MessageSending } from './message-sending.service.js';

const S = Subjects.tickets;

@Injectable()
export class MessagesHandler {
  constructor(
    private readonly queries: MessageQueries,
    private readonly sending: MessageSending,
    private readonly actions: MessageActions,
    private readonly forwarding: MessageForwarding,
  ) {}

  @BusHandler(S.messageList)
  page(data: unknown, ctx: CallContext): Promise<MessagesPage> {
    return this.queries.page(ctx, data);
  }

  @BusHandler(S.messageRead)
  read(data: unknown, ctx: CallContext): Promise<MessagesRead> {
    return this.queries.read(ctx, data);
  }

  @BusHandler(S.messageSend)
  send(data: unknown, ctx: CallContext): Promise<MessageRecord[]> {
    return this.sending.send(ctx, data);
  }

  @BusHandler(S.messageDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: string }> {
    return this.actions.remove(ctx, data);
  }

  @BusHandler(S.messageEdit)
  edit(data: unknown, ctx: CallContext): Promise<MessageRecord> {
    return this.actions.edit(ctx, data);
  }

  @BusHandler(S.messageForward)
  forward(data: unknown, ctx: CallContext): Promise<MessageRecord | MessageRecord[]> {
    return this.forwarding.forward(ctx, data);
  }

  @BusHandler(S.messageReact)
  react(data: unknown, ctx: CallContext): Promise<MessageRecord> {
    return this.actions.react(ctx, data);
  }

  @BusHandler(S.messageImages)
  images(data: unknown, ctx: CallContext): Promise<TicketImages> {
    return this.queries.images(ctx, data);
  }
}
