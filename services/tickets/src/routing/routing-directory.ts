import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type AvailableAgentsReply,
  type AvailableAgentsRequest,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { BotContext } from '../automation/bot-context.js';

const LookupTimeoutMs = 3_000;

/** What the router reads: the company's userRandom setting (the bot's cached settings) and who is available. */
@Injectable()
export class RoutingDirectory {
  constructor(
    private readonly context: BotContext,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  /** userRandom (spec 2 settings): its default when identity does not answer. */
  async userRandom(ctx: RequestContext): Promise<boolean> {
    return (await this.context.settingValues(ctx)).get('userRandom') === 'enabled';
  }

  /** The available agents of each queue at `at`, ids ascending (fails when identity does not answer). */
  async availableAgents(
    ctx: RequestContext,
    queueIds: number[],
    at: Date,
  ): Promise<Map<number, number[]>> {
    const data: AvailableAgentsRequest = {
      companyId: ctx.companyId,
      queueIds,
      at: at.toISOString(),
    };
    const reply = await this.bus.request<AvailableAgentsReply>(
      Subjects.identity.userAvailableAgents,
      { ctx, data },
      { timeoutMs: LookupTimeoutMs },
    );
    return new Map(reply.queues.map((queue) => [queue.queueId, queue.userIds]));
  }
}
