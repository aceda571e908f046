import { Inject, Injectable } from '@nestjs/common';
import type {
  CheckContactCommand,
  CheckContactResult,
  ContactPictureCommand,
  ContactPictureResult,
  EditMessageCommand,
  NotificationSendReply,
  NotificationSendRequest,
  PhoneContactsCommand,
  PhoneContactsResult,
  ReadMessagesCommand,
  RevokeMessageCommand,
  SendMessageCommand,
  SendMessageResult,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { ENV } from '@sb/platform/nest';
import type { ChannelDriver, DriverConnection } from '../drivers/channel-driver.js';
import { toDriverConnection } from '../connections/connection-view.js';
import type { Connection } from '../connections/connection.entity.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { DriverRegistry } from '../connections/driver-registry.js';
import { IdempotentSends } from './idempotent-sends.js';
import { OutboundGovernor } from './outbound-governor.js';

type Env = Record<string, string | undefined>;

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Reads the governor's knobs from the env (Cloud API default: 80 messages a second per number). */
export function governorFromEnv(env: Env): OutboundGovernor {
  return new OutboundGovernor({
    ratePerSecond: positiveNumber(env.CONNECTORS_SEND_RATE_PER_SECOND, 80),
    maxAttempts: positiveNumber(env.CONNECTORS_SEND_MAX_ATTEMPTS, 4),
    baseDelayMs: positiveNumber(env.CONNECTORS_SEND_RETRY_BASE_MS, 500),
  });
}

/** How long a connection read for a send serves the next sends on it. */
const RecentRowMs = 1_000;
const RecentRowsMax = 10_000;

/** Whatever the tickets service asks a channel to do goes through here: scoped, checked, paced. */
@Injectable()
export class ChannelCommandsService {
  private readonly governor: OutboundGovernor;
  private readonly recentRows = new Map<string, { at: number; row: Promise<Connection> }>();

  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly drivers: DriverRegistry,
    private readonly sendKeys: IdempotentSends,
    @Inject(ENV) env: Env,
  ) {
    this.governor = governorFromEnv(env);
  }

  /** A command with an idempotency key reaches the channel once per company and key. */
  async send(companyId: number, command: SendMessageCommand): Promise<SendMessageResult> {
    const deliver = async () => {
      const { driver, connection } = this.ready(await this.sendingRow(companyId, command));
      return this.governor.run(
        connection.id,
        () => driver.send(connection, command),
        command.bulk ? 'bulk' : 'agent',
      );
    };
    return command.idempotencyKey !== undefined
      ? this.sendKeys.once(companyId, command, deliver)
      : deliver();
  }

  async revoke(companyId: number, command: RevokeMessageCommand): Promise<{ ok: true }> {
    const { driver, connection } = await this.live(companyId, command.connectionId);
    await this.governor.run(connection.id, () => driver.revoke(connection, command));
    return { ok: true };
  }

  async edit(companyId: number, command: EditMessageCommand): Promise<{ ok: true }> {
    const { driver, connection } = await this.live(companyId, command.connectionId);
    await this.governor.run(connection.id, () => driver.edit(connection, command));
    return { ok: true };
  }

  async markRead(companyId: number, command: ReadMessagesCommand): Promise<{ ok: true }> {
    const { driver, connection } = await this.live(companyId, command.connectionId);
    await this.governor.run(connection.id, () => driver.markRead(connection, command));
    return { ok: true };
  }

  async checkContact(companyId: number, command: CheckContactCommand): Promise<CheckContactResult> {
    const { driver, connection } = await this.live(companyId, command.connectionId);
    return driver.checkContact(connection, command.number);
  }

  async picture(companyId: number, command: ContactPictureCommand): Promise<ContactPictureResult> {
    const { driver, connection } = await this.live(companyId, command.connectionId);
    return { pictureUrl: await driver.profilePicture(connection, command.number) };
  }

  /**
   * `connectors.contact.list`: the people the connection's phone reported (address book or chats). A
   * channel without a phone answers ERR_WAPP_IMPORT_UNSUPPORTED, a phone not connected
   * ERR_WAPP_NOT_INITIALIZED.
   */
  async phoneContacts(
    companyId: number,
    command: PhoneContactsCommand,
  ): Promise<PhoneContactsResult> {
    const connectionId = Number(command?.connectionId);
    const source = command?.source;
    const fields: Record<string, string[]> = {};
    if (!Number.isInteger(connectionId) || connectionId <= 0) fields.connectionId = ['Invalid'];
    if (source !== 'contacts' && source !== 'chats') fields.source = ['contacts or chats'];
    if (Object.keys(fields).length > 0) throw new AppError('ERR_VALIDATION', { fields });
    const row = await this.connections.getById(companyId, connectionId);
    if (!this.drivers.get(row.channel).phoneContacts) {
      throw new AppError('ERR_WAPP_IMPORT_UNSUPPORTED');
    }
    const { driver, connection } = this.ready(row);
    return { contacts: (await driver.phoneContacts?.(connection, source)) ?? [] };
  }

  /** A plain text from the company's default connection (password reset codes). */
  async notify(request: NotificationSendRequest): Promise<NotificationSendReply> {
    const row = await this.connections.findDefault(request.companyId);
    if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
    const { driver, connection } = this.ready(row);
    const number = request.to.replace(/\D/g, '');
    await this.governor.run(connection.id, () =>
      driver.send(connection, {
        connectionId: connection.id,
        peer: { number, isGroup: false },
        body: request.body,
      }),
    );
    return { sent: true };
  }

  /**
   * The connection a send goes out on, read at most `RecentRowMs` ago when it was connected: a burst
   * of sends (a campaign's thousands) reads and decrypts each connection once a second instead of once
   * per message. One not connected is read again at every send (it may have just connected); a
   * change of a connected one (disconnected, deleted, new token) reaches the sends that moment later,
   * and a send on a session that closed meanwhile fails in its driver as before.
   */
  private sendingRow(companyId: number, command: SendMessageCommand): Promise<Connection> {
    const key = `${companyId}:${command.connectionId}`;
    const now = Date.now();
    const hit = this.recentRows.get(key);
    if (hit && now - hit.at <= RecentRowMs) return hit.row;
    const row = this.connections.getById(companyId, command.connectionId);
    this.recentRows.set(key, { at: now, row });
    // only a connected row is reused; a failed read (not found, database down) neither
    const forget = () => {
      if (this.recentRows.get(key)?.row === row) this.recentRows.delete(key);
    };
    row.then((found) => (found.status === 'CONNECTED' ? undefined : forget()), forget);
    if (this.recentRows.size > RecentRowsMax) this.recentRows.clear();
    return row;
  }

  private async live(
    companyId: number,
    connectionId: number,
  ): Promise<{ driver: ChannelDriver; connection: DriverConnection }> {
    return this.ready(await this.connections.getById(companyId, connectionId));
  }

  private ready(row: Connection): { driver: ChannelDriver; connection: DriverConnection } {
    if (row.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return { driver: this.drivers.get(row.channel), connection: toDriverConnection(row) };
  }
}
