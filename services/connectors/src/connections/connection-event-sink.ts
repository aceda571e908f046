import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  type ConnectionEventData,
  type InboundMessageEventData,
  type MessageAckEventData,
  type PresenceEventData,
  type SessionUpdatedEventData,
} from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { Outbox } from '@sb/platform/outbox';
import type { ChannelEventSink, SessionStatusChange } from '../drivers/channel-driver.js';
import { toConnectionRecord } from './connection-view.js';
import { ConnectionsRepository } from './connections.repository.js';

/**
 * What drivers report lands here: each change is stored with its event in one transaction (outbox), so the
 * tickets service and the sockets see it even when this process dies right after.
 */
@Injectable()
export class ConnectionEventSink implements ChannelEventSink {
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
      const queueIds = (await this.connections.queueIdsOf([row.id], manager)).get(row.id) ?? [];
      const record = toConnectionRecord(saved, queueIds);
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
}
