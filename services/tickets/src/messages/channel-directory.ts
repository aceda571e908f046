import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  Subjects,
  type ChannelKind,
  type ConnectionRecord,
  type RequestContext,
  type SettingEntry,
  type UserRecord,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { forgetOnEvents, LookupCache } from '../lookups/lookup-cache.js';
import { BUS, LOGGER } from '@sb/platform/nest';
import type { InactivityKnobs } from '../automation/inactivity-timers.js';

export type ConnectionSummary = {
  id: number;
  name: string;
  channel: ChannelKind;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  /** the knobs an agent's message restarts or stops the inactivity timers with */
  inactivity: InactivityKnobs;
};

const TtlMs = 30_000;
const LookupTimeoutMs = 2_000;

/**
 * Names the tickets service does not own (user names from identity, connection names from connectors,
 * company settings), asked over the bus and kept 30 s so a send does not wait on other services each
 * time. A service that does not answer gives an empty value: a text is never refused for a name.
 */
@Injectable()
export class ChannelDirectory implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly cache: LookupCache;
  private subscriptions: BusSubscription[] = [];

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.cache = new LookupCache(TtlMs, logger);
  }

  /** A changed connection is read again at once (its inactivity knobs apply to the next message). */
  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = await forgetOnEvents(this.bus, this.cache, [
      {
        subject: 'evt.*.connectors.connection.updated',
        key: (e) => {
          const id = (e.data as { connection?: { id: number } }).connection?.id;
          return id ? `w:${e.companyId}:${id}` : null;
        },
      },
    ]);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }

  userName(ctx: RequestContext, userId: number | null): Promise<string> {
    if (!userId) return Promise.resolve('');
    return this.cache.get(
      `u:${ctx.companyId}:${userId}`,
      async () => {
        const user = await this.bus.request<UserRecord>(
          Subjects.identity.userGet,
          { ctx, data: { id: userId } },
          { timeoutMs: LookupTimeoutMs },
        );
        return user.name;
      },
      '',
    );
  }

  connection(ctx: RequestContext, whatsappId: number | null): Promise<ConnectionSummary | null> {
    if (!whatsappId) return Promise.resolve(null);
    return this.cache.get(
      `w:${ctx.companyId}:${whatsappId}`,
      async () => {
        const row = await this.bus.request<ConnectionRecord>(
          Subjects.connectors.connectionGet,
          { ctx, data: { id: whatsappId } },
          { timeoutMs: LookupTimeoutMs },
        );
        return {
          id: row.id,
          name: row.name,
          channel: row.channel,
          allowGroup: row.allowGroup === true,
          groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
          inactivity: {
            whenExpiresTicket: row.whenExpiresTicket,
            expiresTicket: row.expiresTicket,
            timeInactiveMessage: row.timeInactiveMessage,
            inactiveMessage: row.inactiveMessage,
          },
        } satisfies ConnectionSummary;
      },
      null,
    );
  }

  /** A company setting's value ('' when identity does not answer). */
  setting(ctx: RequestContext, key: string): Promise<string> {
    return this.cache.get(
      `s:${ctx.companyId}:${key}`,
      async () => {
        const entry = await this.bus.request<SettingEntry>(
          Subjects.identity.companySettingOne,
          { ctx, data: { key } },
          { timeoutMs: LookupTimeoutMs },
        );
        return entry.value;
      },
      '',
    );
  }
}
