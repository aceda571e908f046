import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  SettingDefaults,
  Subjects,
  type AvailableAgentsReply,
  type AvailableAgentsRequest,
  type RequestContext,
  type SettingEntry,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { forgetOnEvents, LookupCache } from '../lookups/lookup-cache.js';

/** Settings change rarely and the router asks every few seconds: kept 10 s, forgotten on change. */
const TtlMs = 10_000;
const LookupTimeoutMs = 3_000;

/** What the router reads from identity: the company's userRandom setting and who is available. */
@Injectable()
export class RoutingDirectory implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly cache: LookupCache;
  private readonly subscriptions: BusSubscription[] = [];

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.cache = new LookupCache(TtlMs, logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(
      ...(await forgetOnEvents(this.bus, this.cache, [
        { subject: 'evt.*.identity.settings.updated', key: (e) => `s:${e.companyId}` },
      ])),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }

  /** userRandom (spec 2 settings): its default when identity does not answer. */
  async userRandom(ctx: RequestContext): Promise<boolean> {
    const entries = await this.cache.get<SettingEntry[]>(
      `s:${ctx.companyId}`,
      () =>
        this.bus.request<SettingEntry[]>(
          Subjects.identity.companySettingsList,
          { ctx, data: { companyId: ctx.companyId } },
          { timeoutMs: LookupTimeoutMs },
        ),
      [],
    );
    const value =
      entries.find((entry) => entry.key === 'userRandom')?.value ?? SettingDefaults.userRandom;
    return value === 'enabled';
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
