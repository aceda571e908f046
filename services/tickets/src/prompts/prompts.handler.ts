import { Injectable } from '@nestjs/common';
import { Subjects, type Prompt, type PromptDeleted, type PromptList } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { PromptsService } from './prompts.service.js';

@Injectable()
export class PromptsHandler {
  constructor(private readonly prompts: PromptsService) {}

  @BusHandler(Subjects.tickets.promptList)
  list(_data: unknown, ctx: CallContext): Promise<PromptList> {
    return this.prompts.list(ctx);
  }

  @BusHandler(Subjects.tickets.promptGet)
  get(data: unknown, ctx: CallContext): Promise<Prompt> {
    return this.prompts.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.promptCreate)
  create(data: unknown, ctx: CallContext): Promise<Prompt> {
    return this.prompts.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.promptUpdate)
  update(data: unknown, ctx: CallContext): Promise<Prompt> {
    return this.prompts.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.promptDelete)
  remove(data: unknown, ctx: CallContext): Promise<PromptDeleted> {
    return this.prompts.remove(ctx, data);
  }
}
