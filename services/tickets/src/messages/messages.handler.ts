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
import { MessagesService } from './messages.service.js';

const S = Subjects.tickets;

@Injectable()
export class MessagesHandler {
  constructor(private readonly messages: MessagesService) {}

  @BusHandler(S.messageList)
  page(data: unknown, ctx: CallContext): Promise<MessagesPage> {
    return this.messages.page(ctx, data);
  }

  @BusHandler(S.messageRead)
  read(data: unknown, ctx: CallContext): Promise<MessagesRead> {
    return this.messages.read(ctx, data);
  }

  @BusHandler(S.messageSend)
  send(data: unknown, ctx: CallContext): Promise<MessageRecord[]> {
    return this.messages.send(ctx, data);
  }

  @BusHandler(S.messageDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: string }> {
    return this.messages.remove(ctx, data);
  }

  @BusHandler(S.messageEdit)
  edit(data: unknown, ctx: CallContext): Promise<MessageRecord> {
    return this.messages.edit(ctx, data);
  }

  @BusHandler(S.messageForward)
  forward(data: unknown, ctx: CallContext): Promise<MessageRecord | MessageRecord[]> {
    return this.messages.forward(ctx, data);
  }

  @BusHandler(S.messageReact)
  react(data: unknown, ctx: CallContext): Promise<MessageRecord> {
    return this.messages.react(ctx, data);
  }

  @BusHandler(S.messageImages)
  images(data: unknown, ctx: CallContext): Promise<TicketImages> {
    return this.messages.images(ctx, data);
  }
}
