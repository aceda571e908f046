import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ChannelKind,
  type ConnectionDeletedEventData,
  type ConnectionEventData,
  type ConnectionRecord,
  type NotificationSendReply,
  type NotificationSendRequest,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { CompanyReplicas, ReplicatedDirectory, type ReplicaRule } from './company-replicas.js';
import { systemContext } from './system-context.js';

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
  /** closedTicketsPostImported: the tickets of its history import are made closed */
  closeImported: boolean;
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
  closeImported: row.closedTicketsPostImported === true,
  inactivity: {
    whenExpiresTicket: row.whenExpiresTicket,
    expiresTicket: row.expiresTicket,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
  },
});

/**
 * What tickets reads from connectors: the company's connections, kept in a replica per company (loaded in
 * full at the company's first read, then changed by connectors' events), and the notification text it
 * sends through a company's default connection. A connection connectors cannot describe is null: a
 * message is never refused for it.
 */
@Injectable()
export class ConnectorsDirectory extends ReplicatedDirectory {
  private readonly replica: CompanyReplicas<Map<number, ConnectionRecord>>;

  constructor(
    @Inject(BUS) bus: Bus,
    @Inject(LOGGER) logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super(bus, logger, env, 'connectors');
    this.replica = new CompanyReplicas(async (companyId) => {
      const list = await this.connectionsNow(systemContext(companyId));
      return new Map(list.map((row) => [row.id, row]));
    });
  }

  /** A connection created or changed replaces its record (it carries it whole); a deleted one goes. */
  protected replicaRules(): ReplicaRule[] {
    const upsert = (e: { companyId: number; data: unknown }) => {
      const { connection } = e.data as ConnectionEventData;
      this.replica.apply(e.companyId, (rows) => rows.set(connection.id, connection));
    };
    return [
      { subject: 'evt.*.connectors.connection.created', apply: upsert },
      { subject: 'evt.*.connectors.connection.updated', apply: upsert },
      {
        subject: 'evt.*.connectors.connection.deleted',
        apply: (e) => {
          const { connectionId } = e.data as ConnectionDeletedEventData;
          this.replica.apply(e.companyId, (rows) => rows.delete(connectionId));
        },
      },
    ];
  }

  resync(): Promise<void> {
    return this.replica.resync();
  }

  /** The company's connections by id (none when connectors does not answer). */
  async connections(ctx: RequestContext): Promise<Map<number, ConnectionRecord>> {
    try {
      return await this.replica.get(ctx.companyId);
    } catch (err) {
      this.logger.debug({ err }, 'connections replica load failed');
      return new Map();
    }
  }

  /**
   * The company's connections asked now, for what depends on their live status (a send, an import);
   * fails when connectors does not answer within `timeoutMs`.
   */
  connectionsNow(ctx: RequestContext, timeoutMs = LookupTimeoutMs): Promise<ConnectionRecord[]> {
    return this.bus.request(Subjects.connectors.connectionList, { ctx, data: {} }, { timeoutMs });
  }

  /** One connection's record (texts, knobs, hours, queues), or null. */
  async record(ctx: RequestContext, connectionId: number | null): Promise<ConnectionRecord | null> {
    if (!connectionId) return null;
    return (await this.connections(ctx)).get(connectionId) ?? null;
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
