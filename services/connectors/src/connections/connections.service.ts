import { Inject, Injectable } from '@nestjs/common';
import {
  CompanyCountsRequest,
  ConnectionCreateInput,
  ConnectionUpdateInput,
  DomainEventTypes,
  mayReadConnectionToken,
  Subjects,
  withoutConnectionToken,
  type CloseImportedTicketsReply,
  type CloseImportedTicketsRequest,
  type CompanyCountsReply,
  type ConnectionDeletedEventData,
  type ConnectionEventData,
  type ConnectionIdRequest,
  type ConnectionMediaReply,
  type ConnectionMediaRequest,
  type ConnectionRecord,
  type ConnectionUpdateRequest,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { type CallContext, requireAdmin } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { BUS, LOGGER, BusHandler } from '@sb/platform/nest';
import { Outbox, recordAudit } from '@sb/platform/outbox';
import type { Logger } from '@sb/platform/logger';
import type { EntityManager } from 'typeorm';
import { Transactions, violatedUnique } from '@sb/platform/db';
import { Connection } from './connection.entity.js';
import {
  assertGreeting,
  assertImportWindow,
  assertPlanAllows,
  companyCaller,
  externalIdOf,
} from './connection-rules.js';
import { toConnectionRecord, toDriverConnection } from './connection-view.js';
import { ConnectionsRepository } from './connections.repository.js';
import { DriverRegistry } from './driver-registry.js';
import { ConnectionEventSink } from './connection-event-sink.js';

/**
 * A token another connection has (connections_token_uq): refused with the field named, never a 500. The
 * answer does not say whose: tokens are unique over every company, and the external API only accepts a
 * token that names one connection.
 */
const asTokenConflict = (err: unknown): unknown => {
  if (violatedUnique(err) !== 'connections_token_uq') return err;
  return new AppError('ERR_VALIDATION', {
    message: 'This token is already in use: choose another one.',
    fields: { token: ['Already in use'] },
  });
};

/** The fields an update names: a key sent as `undefined` names nothing. */
const namedFields = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

/** The connections of a company (spec 2 §3, §4, §7 "Connections") and their sessions. */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly connections: ConnectionsRepository,
    private readonly drivers: DriverRegistry,
    private readonly sink: ConnectionEventSink,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(ctx: CallContext, data: { session?: number } = {}): Promise<ConnectionRecord[]> {
    const { companyId } = companyCaller(ctx);
    const rows = await this.connections.listByCompany(companyId);
    const queues = await this.connections.queueIdsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      this.view(ctx, toConnectionRecord(row, queues.get(row.id) ?? []), data),
    );
  }

  /** The count of each company's connections: the super's companies screen (through identity). */
  @BusHandler(Subjects.connectors.connectionCount)
  async countByCompany(ctx: CallContext, data: unknown): Promise<CompanyCountsReply> {
    if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
    const { companyIds } = parseInput(CompanyCountsRequest, data);
    const counts = await this.connections.countByCompanies(companyIds);
    return {
      counts: companyIds.map((companyId) => ({ companyId, count: counts.get(companyId) ?? 0 })),
    };
  }

  @BusHandler(Subjects.connectors.connectionGet)
  async get(ctx: CallContext, data: ConnectionIdRequest): Promise<ConnectionRecord> {
    const { companyId } = companyCaller(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    return this.view(ctx, await this.record(row), data);
  }

  @BusHandler(Subjects.connectors.connectionCreate)
  async create(ctx: CallContext, data: unknown): Promise<ConnectionRecord> {
    const { companyId } = requireAdmin(ctx);
    const input = parseInput(ConnectionCreateInput, data);
    assertGreeting(input.queueIds, input.greetingMessage);
    assertImportWindow(input.importOldMessages, input.importRecentMessages);
    if (input.channel === 'whatsappapi' && !input.credentials) {
      throw new AppError('ERR_VALIDATION', { fields: { credentials: ['required'] } });
    }
    const plan = await this.bus.request(Subjects.identity.planLimits, {
      ctx,
      data: { companyId },
    });
    const { queueIds, credentials: creds, ...fields } = input;
    const credentials: Record<string, string> = { ...(creds ?? {}) };
    const record = await this.writeConnections(companyId, async (manager) => {
      // one writer per company at a time, so the count and the default stay consistent
      await this.connections.lockCompany(companyId, manager);
      const sameChannel = await this.connections.count(companyId, manager, input.channel);
      assertPlanAllows(plan, input.channel, sameChannel);
      // the first connection of a company is its default
      const isDefault = input.isDefault || (await this.connections.count(companyId, manager)) === 0;
      if (isDefault) await this.clearDefault(manager, companyId, null);
      const row = await this.connections.insert(
        companyId,
        {
          ...fields,
          isDefault,
          status: 'OPENING',
          credentials,
          externalId: externalIdOf(input.channel, credentials),
        },
        manager,
      );
      await this.connections.replaceQueues(manager, row, queueIds);
      const created = toConnectionRecord(row, queueIds);
      const event: ConnectionEventData = { connection: created };
      await Outbox.add(manager, {
        companyId,
        ...DomainEventTypes.connectors.connectionCreated,
        data: event,
      });
      await recordAudit(manager, 'connectors', ctx, {
        action: 'create',
        entity: 'connection',
        entityId: created.id,
        after: { ...created, qrcode: null, credentials: row.credentials },
      });
      return created;
    });
    await this.startSession(companyId, record.id);
    return record;
  }

  /**
   * PUT /whatsapp/:id changes only the fields the request names (defaults belong to create): the rules
   * that tie fields together are checked on the stored connection with the change applied.
   */
  @BusHandler(Subjects.connectors.connectionUpdate)
  async update(ctx: CallContext, data: ConnectionUpdateRequest): Promise<ConnectionRecord> {
    const { companyId } = requireAdmin(ctx);
    const { id, ...body } = data;
    const {
      queueIds: newQueueIds,
      credentials,
      ...fields
    } = parseInput(ConnectionUpdateInput, body);
    const changes = namedFields(fields);
    return this.writeConnections(companyId, async (manager) => {
      await this.connections.lockCompany(companyId, manager);
      const row = await this.connections.getById(companyId, Number(id), manager);
      const storedQueueIds =
        (await this.connections.queueIdsOf([row.id], manager)).get(row.id) ?? [];
      const before = {
        ...toConnectionRecord(row, storedQueueIds),
        qrcode: null,
        credentials: row.credentials,
      };
      const queueIds = newQueueIds ?? storedQueueIds;
      const merged = { ...row, ...changes };
      assertGreeting(queueIds, merged.greetingMessage);
      // the import window is checked when a date changes: a stored date may have aged out of it since
      if (
        merged.importOldMessages !== row.importOldMessages ||
        merged.importRecentMessages !== row.importRecentMessages
      ) {
        assertImportWindow(merged.importOldMessages, merged.importRecentMessages);
      }
      // a company always keeps one default connection
      if (row.isDefault && changes.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP');
      if (changes.isDefault && !row.isDefault) await this.clearDefault(manager, companyId, row.id);
      Object.assign(row, changes);
      if (credentials) {
        row.credentials = { ...credentials };
        row.externalId = externalIdOf(row.channel, row.credentials);
      }
      const saved = await this.connections.save(companyId, row, manager);
      if (newQueueIds) await this.connections.replaceQueues(manager, saved, newQueueIds);
      const updated = await this.emitUpdated(manager, saved, queueIds);
      await recordAudit(manager, 'connectors', ctx, {
        action: 'update',
        entity: 'connection',
        entityId: saved.id,
        before,
        after: { ...updated, qrcode: null, credentials: saved.credentials },
      });
      return updated;
    });
  }

  @BusHandler(Subjects.connectors.connectionDelete)
  async remove(ctx: CallContext, data: ConnectionIdRequest): Promise<{ id: number }> {
    const { companyId } = requireAdmin(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    await this.removeSession(row);
    await this.transactions.inTenant(companyId, async (manager) => {
      await this.connections.lockCompany(companyId, manager);
      await this.connections.delete(companyId, row.id, manager);
      await recordAudit(manager, 'connectors', ctx, {
        action: 'delete',
        entity: 'connection',
        entityId: row.id,
        before: { ...toConnectionRecord(row, []), qrcode: null, credentials: row.credentials },
      });
      const event: ConnectionDeletedEventData = { connectionId: row.id };
      await Outbox.add(manager, {
        companyId,
        ...DomainEventTypes.connectors.connectionDeleted,
        data: event,
      });
      // the oldest remaining connection takes over as default
      if (row.isDefault) {
        const next = await this.connections.oldest(companyId, manager);
        if (next) {
          next.isDefault = true;
          const saved = await this.connections.save(companyId, next, manager);
          await this.emitUpdated(manager, saved);
        }
      }
    });
    return { id: row.id };
  }

  /** The greeting media (stored by the gateway's media module); null removes it. */
  @BusHandler(Subjects.connectors.connectionSetMedia)
  async setMedia(ctx: CallContext, data: ConnectionMediaRequest): Promise<ConnectionMediaReply> {
    const { companyId } = requireAdmin(ctx);
    return this.transactions.inTenant(companyId, async (manager) => {
      const row = await this.connections.getById(companyId, Number(data.id), manager);
      const previousMediaKey = row.greetingMediaAttachment;
      row.greetingMediaAttachment = data.mediaKey;
      const saved = await this.connections.save(companyId, row, manager);
      return { record: await this.emitUpdated(manager, saved), previousMediaKey };
    });
  }

  /** POST /whatsappsession/:id: try again with the pairing the connection has. */
  @BusHandler(Subjects.connectors.sessionStart)
  async sessionStart(ctx: CallContext, data: ConnectionIdRequest): Promise<{ message: string }> {
    const { companyId } = requireAdmin(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    await this.sink.sessionStatus(row.id, { status: 'OPENING', retries: 0 });
    await this.startSession(companyId, row.id);
    return { message: 'Starting session.' };
  }

  /** PUT /whatsappsession/:id: forget the pairing and show a new QR code. */
  @BusHandler(Subjects.connectors.sessionRenew)
  async sessionRenew(ctx: CallContext, data: ConnectionIdRequest): Promise<{ message: string }> {
    const { companyId } = requireAdmin(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    await this.stopQuietly(row, true);
    await this.sink.sessionStatus(row.id, { status: 'OPENING', qrcode: null, retries: 0 });
    await this.startSession(companyId, row.id);
    return { message: 'Starting session.' };
  }

  /** DELETE /whatsappsession/:id: log the session out; it stays DISCONNECTED until started again. */
  @BusHandler(Subjects.connectors.sessionDisconnect)
  async sessionDisconnect(
    ctx: CallContext,
    data: ConnectionIdRequest,
  ): Promise<{ message: string }> {
    const { companyId } = requireAdmin(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    await this.stopQuietly(row, true);
    await this.sink.sessionStatus(row.id, { status: 'DISCONNECTED', qrcode: null });
    return { message: 'Session disconnected.' };
  }

  /** POST /whatsapp-restart/: re-open every session of the company that is not logged out. */
  @BusHandler(Subjects.connectors.restartAll)
  async restartAll(ctx: CallContext): Promise<{ message: string }> {
    const { companyId } = requireAdmin(ctx);
    const rows = await this.connections.listByCompany(companyId);
    for (const row of rows.filter((r) => r.status !== 'DISCONNECTED')) {
      await this.stopQuietly(row, false);
      await this.startSession(companyId, row.id);
    }
    return { message: 'Restarting sessions.' };
  }

  /**
   * POST /closedimported/:id: the tickets service closes the tickets the history import opened; the
   * connection's import status is then cleared, so the close button goes away.
   */
  @BusHandler(Subjects.connectors.closeImported)
  async closeImported(
    ctx: CallContext,
    data: ConnectionIdRequest,
  ): Promise<CloseImportedTicketsReply> {
    const { companyId } = requireAdmin(ctx);
    const row = await this.connections.getById(companyId, Number(data.id));
    const request: CloseImportedTicketsRequest = { connectionId: row.id };
    const reply = await this.bus.request(Subjects.tickets.ticketCloseImported, {
      ctx,
      data: request,
    });
    await this.transactions.inTenant(companyId, async (manager) => {
      const current = await this.connections.getById(companyId, row.id, manager);
      if (current.statusImportMessages === null) return;
      current.statusImportMessages = null;
      await this.emitUpdated(manager, await this.connections.save(companyId, current, manager));
    });
    return reply;
  }

  /** After a restart: open the sessions that were live (Baileys' lease manager may take its own). */
  async startLiveSessions(): Promise<void> {
    for (const row of await this.connections.listStartable()) {
      if (!this.drivers.has(row.channel) || this.drivers.get(row.channel).resumesSessions) continue;
      await this.startSession(row.companyId, row.id);
    }
  }

  /**
   * A company just imported: its sessions that were live at the source open with the pairing it
   * brought (no new QR code). Every channel is started, Baileys too: no lease of the company exists
   * here yet for the lease manager to resume.
   */
  async startCompanySessions(companyId: number): Promise<number> {
    const rows = await this.connections.listByCompany(companyId);
    const live = rows.filter((row) => row.status !== 'DISCONNECTED');
    for (const row of live) await this.startSession(companyId, row.id);
    return live.length;
  }

  /**
   * A company's erase: each of its sessions stops; with `logout` the pairing is forgotten too (a
   * leaving company), without it the phone stays paired (a moved company's session lives on).
   */
  async stopCompanySessions(companyId: number, { logout }: { logout: boolean }): Promise<number> {
    const rows = await this.connections.listByCompany(companyId);
    for (const row of rows) {
      if (logout) await this.removeSession(row);
      else await this.stopQuietly(row, false);
    }
    return rows.length;
  }

  /**
   * A fence (ARCHITECTURE.md §9): the company's WhatsApp sessions that run now, i.e. those of a
   * driver holding sessions (Baileys) that are not disconnected; the ones to start again after it.
   */
  async liveSessionIds(companyId: number): Promise<number[]> {
    const rows = await this.connections.listByCompany(companyId);
    return rows
      .filter((row) => row.status !== 'DISCONNECTED' && this.drivers.has(row.channel))
      .filter((row) => this.drivers.get(row.channel).resumesSessions)
      .map((row) => row.id);
  }

  /**
   * Stops these sessions of the company without logging out: parking moves the lease epoch, so the
   * holder (here or on another worker) can never write keys again. Idempotent.
   */
  async stopSessions(companyId: number, ids: number[]): Promise<void> {
    for (const row of await this.connections.listByCompany(companyId)) {
      if (ids.includes(row.id)) await this.stopQuietly(row, false);
    }
  }

  /** The fence lifted: these sessions open again with the keys they have (no new QR code). */
  async startSessions(companyId: number, ids: number[]): Promise<void> {
    for (const id of ids) {
      const row = await this.connections.findById(companyId, id);
      if (!row) continue;
      await this.sink.sessionStatus(row.id, { status: 'OPENING', retries: 0 });
      await this.startSession(companyId, row.id);
    }
  }

  /** A driver failing to start reports its status through the sink; here it is only logged. */
  private async startSession(companyId: number, id: number): Promise<void> {
    const row = await this.connections.findById(companyId, id);
    if (!row || !this.drivers.has(row.channel)) return;
    try {
      await this.drivers.get(row.channel).start(toDriverConnection(row));
    } catch (err) {
      this.logger.warn({ err, connectionId: id }, 'session start failed');
    }
  }

  /** Deleting: the session and what the driver stored for it go (a logout where nothing is stored). */
  private async removeSession(row: Connection): Promise<void> {
    if (!this.drivers.has(row.channel)) return;
    const driver = this.drivers.get(row.channel);
    if (!driver.remove) return this.stopQuietly(row, true);
    try {
      await driver.remove(toDriverConnection(row));
    } catch (err) {
      this.logger.warn({ err, connectionId: row.id }, 'session removal failed');
    }
  }

  private async stopQuietly(row: Connection, logout: boolean): Promise<void> {
    if (!this.drivers.has(row.channel)) return;
    try {
      await this.drivers.get(row.channel).stop(toDriverConnection(row), { logout });
    } catch (err) {
      this.logger.warn({ err, connectionId: row.id }, 'session stop failed');
    }
  }

  /** A transaction saving connection forms: a token another connection has is a 400, not a 500. */
  private writeConnections<T>(
    companyId: number,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.transactions.inTenant(companyId, work).catch((err: unknown) => {
      throw asTokenConflict(err);
    });
  }

  private async clearDefault(manager: EntityManager, companyId: number, keepId: number | null) {
    const previous = await this.connections.otherDefault(companyId, keepId, manager);
    if (!previous) return;
    previous.isDefault = false;
    await this.emitUpdated(manager, await this.connections.save(companyId, previous, manager));
  }

  private async emitUpdated(
    manager: EntityManager,
    row: Connection,
    queueIds?: number[],
  ): Promise<ConnectionRecord> {
    const ids =
      queueIds ?? (await this.connections.queueIdsOf([row.id], manager)).get(row.id) ?? [];
    const record = toConnectionRecord(row, ids);
    const event: ConnectionEventData = { connection: record };
    await Outbox.add(manager, {
      companyId: row.companyId,
      ...DomainEventTypes.connectors.connectionUpdated,
      data: event,
    });
    return record;
  }

  private async record(row: Connection): Promise<ConnectionRecord> {
    return toConnectionRecord(row, (await this.connections.queueIdsOf([row.id])).get(row.id) ?? []);
  }

  /** `session=0` asks for the connection without its QR code. */
  /** What a reader gets: no QR code with `session=0`, no external-API token unless an admin. */
  private view(
    ctx: CallContext,
    record: ConnectionRecord,
    query: { session?: number },
  ): ConnectionRecord {
    const caller = companyCaller(ctx);
    const readable = mayReadConnectionToken(caller) ? record : withoutConnectionToken(record);
    return Number(query.session) === 0 ? { ...readable, qrcode: null } : readable;
  }
}
