import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type QuickMessage,
  type QuickMessageListItem,
  type QuickMessageMediaReply,
  type QuickMessagePage,
  type QuickMessageRemoved,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { QuickMessagesService } from './quick-messages.service.js';

@Injectable()
export class QuickMessagesHandler {
  constructor(private readonly messages: QuickMessagesService) {}

  @BusHandler(Subjects.tickets.quickMessagePage)
  page(data: unknown, ctx: CallContext): Promise<QuickMessagePage> {
    return this.messages.page(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageList)
  list(_data: unknown, ctx: CallContext): Promise<QuickMessageListItem[]> {
    return this.messages.composerList(ctx);
  }

  @BusHandler(Subjects.tickets.quickMessageGet)
  get(data: unknown, ctx: CallContext): Promise<QuickMessage> {
    return this.messages.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageCreate)
  create(data: unknown, ctx: CallContext): Promise<QuickMessage> {
    return this.messages.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageUpdate)
  update(data: unknown, ctx: CallContext): Promise<QuickMessage> {
    return this.messages.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageDelete)
  remove(data: unknown, ctx: CallContext): Promise<QuickMessageRemoved> {
    return this.messages.remove(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageMediaSet)
  setMedia(data: unknown, ctx: CallContext): Promise<QuickMessageMediaReply> {
    return this.messages.setMedia(ctx, data);
  }

  @BusHandler(Subjects.tickets.quickMessageMediaDelete)
  clearMedia(data: unknown, ctx: CallContext): Promise<QuickMessageMediaReply> {
    return this.messages.clearMedia(ctx, data);
  }
}
