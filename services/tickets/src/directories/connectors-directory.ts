import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ChannelKind,
  type ConnectionRecord,
  type NotificationSendReply,
  type NotificationSendRequest,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { CachedDirectory, type StaleRule } from './lookup-cache.js';
import { systemContext } from './system-context.js';

/** Connections change rarely: kept 10 s, and forgotten at once when connectors announces a change. */
const TtlMs = 10_000;
const LookupTimeoutMs = 3_000;
/** connectors answers once the channel took the text */
const SendTimeoutMs = 30_000;

/** A connection as the message paths read it: its name, channel, group handling and inactivity knobs. */
export type ConnectionSummary = {
  id: number;
  name: string;
  channel: ChannelKind;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  /** the knobs an agent's message restarts or stops the inactivity timers with */
  inactivity: Pick<
    ConnectionRecord,
    'whenExpiresTicket' | 'expiresTicket' | 'timeInactiveMessage' | 'inactiveMessage'
  >;
};

const toSummary = (row: ConnectionRecord): ConnectionSummary => ({
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
});

/**
 * What tickets reads from connectors (the company's connections, one cache) and the notification text
 * it sends through a company's default connection. A connection connectors cannot describe is null: a
 * message is never refused for it.
 */
@Injectable()
export class ConnectorsDirectory extends CachedDirectory {
  constructor(@Inject(BUS) bus: Bus, @Inject(LOGGER) logger: Logger) {
    super(bus, logger, TtlMs);
  }

  /**
   * A connection created, changed or deleted is read again at once (its knobs drive closes and bots):
   * the company's list (`w:<company>:*`) and records (`w:<company>:<id>`) are forgotten together.
   */
  protected staleRules(): StaleRule[] {
    return ['created', 'updated', 'deleted'].map((action) => ({
      subject: `evt.*.connectors.connection.${action}`,
      key: (e) => `w:${e.companyId}:`,
      prefix: true,
    }));
  }

  /** The company's connections by id. */
  connections(ctx: RequestContext): Promise<Map<number, ConnectionRecord>> {
    return this.cache.get(
      `w:${ctx.companyId}:*`,
      async () => {
        const list = await this.bus.request(
          Subjects.connectors.connectionList,
          { ctx, data: {} },
          { timeoutMs: LookupTimeoutMs },
        );
        return new Map(list.map((row) => [row.id, row]));
      },
      new Map<number, ConnectionRecord>(),
    );
  }

  /**
   * The company's connections asked now, for what depends on their live status (a send, an import);
   * fails when connectors does not answer within `timeoutMs`.
   */
  connectionsNow(ctx: RequestContext, timeoutMs = LookupTimeoutMs): Promise<ConnectionRecord[]> {
    return this.bus.request(
      Subjects.connectors.connectionList,
      { ctx, data: {} },
      { timeoutMs },
    );
  }

  /** One connection's record (texts, knobs, hours, queues), or null. */
  record(ctx: RequestContext, connectionId: number | null): Promise<ConnectionRecord | null> {
    if (!connectionId) return Promise.resolve(null);
    return this.cache.get<ConnectionRecord | null>(
      `w:${ctx.companyId}:${connectionId}`,
      () =>
        this.bus.request(
          Subjects.connectors.connectionGet,
          { ctx, data: { id: connectionId } },
          { timeoutMs: LookupTimeoutMs },
        ),
      null,
    );
  }

  /** One connection as the message paths read it, or null. */
  async connection(
    ctx: RequestContext,
    connectionId: number | null,
  ): Promise<ConnectionSummary | null> {
    const row = await this.record(ctx, connectionId);
    return row ? toSummary(row) : null;
  }

  /** A WhatsApp text to a number through the company's default connection (no ticket). */
  sendNotification(companyId: number, to: string, body: string): Promise<NotificationSendReply> {
    const data: NotificationSendRequest = { companyId, to, body };
    return this.bus.request(
      Subjects.connectors.notificationSend,
      { ctx: systemContext(companyId), data },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
