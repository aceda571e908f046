import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ChannelKind,
  type ConnectionRecord,
  type RequestContext,
  type SettingEntry,
  type UserRecord,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';

export type ConnectionSummary = {
  id: number;
  name: string;
  channel: ChannelKind;
  groupAsTicket: 'enabled' | 'disabled';
};

const TtlMs = 30_000;
const LookupTimeoutMs = 2_000;

/**
 * Names the tickets service does not own (user names from identity, connection names from connectors,
 * company settings), asked over the bus and kept 30 s so a send does not wait on other services each
 * time. A service that does not answer gives an empty value: a text is never refused for a name.
 */
@Injectable()
export class ChannelDirectory {
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  userName(ctx: RequestContext, userId: number | null): Promise<string> {
    if (!userId) return Promise.resolve('');
    return this.cached(
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
    return this.cached(
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
          groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
        } satisfies ConnectionSummary;
      },
      null,
    );
  }

  /** A company setting's value ('' when identity does not answer). */
  setting(ctx: RequestContext, key: string): Promise<string> {
    return this.cached(
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

  private cached<T>(key: string, load: () => Promise<T>, fallback: T): Promise<T> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < TtlMs) return hit.value as Promise<T>;
    const value = load().catch((err: unknown) => {
      this.logger.debug({ err, key }, 'directory lookup failed');
      return fallback;
    });
    this.cache.set(key, { at: now, value });
    if (this.cache.size > 5000) {
      for (const [k, entry] of this.cache) if (now - entry.at >= TtlMs) this.cache.delete(k);
    }
    return value;
  }
}
