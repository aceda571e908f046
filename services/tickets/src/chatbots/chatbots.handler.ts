import { Injectable } from '@nestjs/common';
import { Subjects, type ChatbotOption } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ChatbotsService } from './chatbots.service.js';

@Injectable()
export class ChatbotsHandler {
  constructor(private readonly chatbots: ChatbotsService) {}

  @BusHandler(Subjects.tickets.chatbotGet)
  get(data: unknown, ctx: CallContext): Promise<ChatbotOption> {
    return this.chatbots.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.chatbotCreate)
  create(data: unknown, ctx: CallContext): Promise<ChatbotOption> {
    return this.chatbots.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.chatbotUpdate)
  update(data: unknown, ctx: CallContext): Promise<ChatbotOption> {
    return this.chatbots.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.chatbotDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.chatbots.remove(ctx, data);
  }
}
