import { Injectable } from '@nestjs/common';
import {
  CloseImportedTicketsStatus,
  DomainEventTypes,
  type ConnectionEventData,
  type HistoryImportEventData,
  type ImportProgress,
  type InboundMessageEventData,
  type MessageAckEventData,
  type PresenceEventData,
  type SessionUpdatedEventData,
} from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import type {
  ChannelEventSink,
  DriverConnection,
  SessionStatusChange,
} from '../drivers/channel-driver.js';
import {
  importWindowOf,
  type HistoryImports,
  type ImportWindow,
} from '../baileys/history-import.js';
import type { Connection } from './connection.entity.js';
import { toConnectionRecord } from './connection-view.js';
import { ConnectionsRepository } from './connections.repository.js';

/**
 * What drivers report lands here: each change is stored with its event in one transaction (outbox), so the
 * tickets service and the sockets see it even when this process dies right after.
 */
@Injectable()
export class ConnectionEventSink implements ChannelEventSink, HistoryImports {
  constructor(
    private readonly transactions: Transactions,
    private readonly connections: ConnectionsRepository,
  ) {}

  async messageReceived(companyId: number, data: InboundMessageEventData): Promise<void> {
    await Outbox.add(this.transactions.manager, {
      companyId,
      ...DomainEventTypes.connectors.messageReceived,
      data,
    });
  }

  async messageAck(companyId: number, data: MessageAckEventData): Promise<void> {
    await Outbox.add(this.transactions.manager, {
      companyId,
      ...DomainEventTypes.connectors.messageAck,
      data,
    });
  }

  async presence(companyId: number, data: PresenceEventData): Promise<void> {
    await Outbox.add(this.transactions.manager, {
      companyId,
      ...DomainEventTypes.connectors.presenceUpdated,
      data,
    });
  }

  async sessionStatus(connectionId: number, change: SessionStatusChange): Promise<void> {
    // the driver knows the connection, not its company, until the row is read
    await this.transactions.acrossCompanies(async (manager) => {
      const row = await this.connections.lockAnyById(connectionId, manager);
      // the connection was deleted while its session was closing
      if (!row) return;
      const before = { status: row.status, number: row.number };
      row.status = change.status;
      if (change.qrcode !== undefined) row.qrcode = change.qrcode;
      if (change.retries !== undefined) row.retries = change.retries;
      if (change.number !== undefined) row.number = change.number;
      const saved = await this.connections.save(row.companyId, row, manager);
      const record = await this.recordOf(saved, manager);
      const session: SessionUpdatedEventData = { session: record };
      await Outbox.add(manager, {
        companyId: row.companyId,
        ...DomainEventTypes.connectors.sessionUpdated,
        data: session,
      });
      // the replicas (tickets) only care when the status or the number changed, not per QR refresh
      if (before.status !== saved.status || before.number !== saved.number) {
        const event: ConnectionEventData = { connection: record };
        await Outbox.add(manager, {
          companyId: row.companyId,
          ...DomainEventTypes.connectors.connectionUpdated,
          data: event,
        });
      }
    });
  }

  async window(connectionId: number): Promise<ImportWindow | null> {
    const row = await this.connections.findAnyById(connectionId);
    return row ? importWindowOf(row) : null;
  }

  /** spec 2 §4: the import's start time, so the screen shows "preparing" for its first 35 s. */
  async started(connectionId: number): Promise<void> {
    await this.changeImport(connectionId, (row) => {
      row.statusImportMessages = String(Date.now());
    });
  }

  async progress(connection: DriverConnection, status: ImportProgress): Promise<void> {
    await this.importEvent(this.transactions.manager, connection.companyId, {
      connectionId: connection.id,
      action: 'update',
      status,
    });
  }

  /**
   * The import ran once: its dates are cleared, and the close-imported-tickets button shows while
   * tickets it opened may be left (none when it imported nothing, or closed them as it went).
   */
  async finished(connection: DriverConnection, imported: number): Promise<void> {
    await this.changeImport(connection.id, async (row, manager) => {
      row.statusImportMessages =
        imported > 0 && !row.closedTicketsPostImported ? CloseImportedTicketsStatus : null;
      row.importOldMessages = null;
      row.importRecentMessages = null;
      await this.importEvent(manager, row.companyId, {
        connectionId: row.id,
        action: 'refresh',
      });
    });
  }

  /** Changes a connection's import state with its `connectors.connection.updated` event. */
  private async changeImport(
    connectionId: number,
    change: (row: Connection, manager: EntityManager) => void | Promise<void>,
  ): Promise<void> {
    await this.transactions.acrossCompanies(async (manager) => {
      const row = await this.connections.lockAnyById(connectionId, manager);
      if (!row) return;
      await change(row, manager);
      const saved = await this.connections.save(row.companyId, row, manager);
      const event: ConnectionEventData = { connection: await this.recordOf(saved, manager) };
      await Outbox.add(manager, {
        companyId: row.companyId,
        ...DomainEventTypes.connectors.connectionUpdated,
        data: event,
      });
    });
  }

  private importEvent(manager: EntityManager, companyId: number, data: HistoryImportEventData) {
    return Outbox.add(manager, {
      companyId,
      ...DomainEventTypes.connectors.historyImportProgress,
      data,
    });
  }

  private async recordOf(row: Connection, manager: EntityManager) {
    const queueIds = (await this.connections.queueIdsOf([row.id], manager)).get(row.id) ?? [];
    return toConnectionRecord(row, queueIds);
  }
}
