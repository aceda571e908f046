import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  Subjects,
  type ConnectionRecord,
  type RequestContext,
  type SettingEntry,
  type UserListItem,
  type UserRecord,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { forgetOnEvents, LookupCache } from '../lookups/lookup-cache.js';
import { BUS, LOGGER } from '@sb/platform/nest';
import type { TicketViewer } from './ticket-rules.js';

const LookupTimeoutMs = 3_000;
const NamesTtlMs = 10_000;

/**
 * What tickets reads from the services that own it: the caller's queues and flags and the users' names
 * (identity), the connections (connectors), and company settings (identity). The caller's access is read
 * on every call, so a change of queues applies at once; names are kept a few seconds.
 */
@Injectable()
export class TicketDirectory implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly names: LookupCache;
  private subscriptions: BusSubscription[] = [];

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.names = new LookupCache(NamesTtlMs, logger);
  }

  /** A connection created, changed or deleted is read again at once (its knobs drive closes and bots). */
  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = await forgetOnEvents(
      this.bus,
      this.names,
      ['created', 'updated', 'deleted'].map((action) => ({
        subject: `evt.*.connectors.connection.${action}`,
        key: (e) => `w:${e.companyId}`,
      })),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }

  /** The caller as the ticket rules see them; a caller identity cannot describe sees only their own. */
  async viewer(ctx: RequestContext): Promise<TicketViewer & { name: string }> {
    const admin = ctx.profile === 'admin' || ctx.super;
    try {
      const user = await this.user(ctx, ctx.userId);
      return {
        userId: ctx.userId,
        admin,
        allTicket: user.allTicket === 'enable',
        allowGroup: user.allowGroup,
        queueIds: user.queueIds,
        name: user.name,
      };
    } catch (err) {
      this.logger.warn({ err, userId: ctx.userId }, 'caller lookup failed');
      return {
        userId: ctx.userId,
        admin,
        allTicket: false,
        allowGroup: false,
        queueIds: [],
        name: '',
      };
    }
  }

  user(ctx: RequestContext, id: number): Promise<UserRecord> {
    return this.bus.request<UserRecord>(
      Subjects.identity.userGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }

  /** The company's users by id (names for ticket rows). */
  users(ctx: RequestContext): Promise<Map<number, UserListItem>> {
    return this.cached(`u:${ctx.companyId}`, async () => {
      const list = await this.bus.request<UserListItem[]>(
        Subjects.identity.userPickerList,
        { ctx, data: {} },
        { timeoutMs: LookupTimeoutMs },
      );
      return new Map(list.map((user) => [user.id, user]));
    });
  }

  /** The company's connections by id. */
  connections(ctx: RequestContext): Promise<Map<number, ConnectionRecord>> {
    return this.cached(`w:${ctx.companyId}`, async () => {
      const list = await this.bus.request<ConnectionRecord[]>(
        Subjects.connectors.connectionList,
        { ctx, data: {} },
        { timeoutMs: LookupTimeoutMs },
      );
      return new Map(list.map((row) => [row.id, row]));
    });
  }

  /** A company setting's value; '' when identity does not answer (the setting's feature stays off). */
  async setting(ctx: RequestContext, key: string): Promise<string> {
    try {
      const entry = await this.bus.request<SettingEntry>(
        Subjects.identity.companySettingOne,
        { ctx, data: { key } },
        { timeoutMs: LookupTimeoutMs },
      );
      return entry.value;
    } catch (err) {
      this.logger.warn({ err, key }, 'setting lookup failed');
      return '';
    }
  }

  async enabled(ctx: RequestContext, key: string): Promise<boolean> {
    return (await this.setting(ctx, key)) === 'enabled';
  }

  private cached<K, V>(key: string, load: () => Promise<Map<K, V>>): Promise<Map<K, V>> {
    return this.names.get(key, load, new Map<K, V>());
  }
}
