import { Injectable } from '@nestjs/common';
import type { ChannelKind } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { DataSource, type EntityManager } from 'typeorm';
import { Connection, ConnectionQueue } from './connection.entity.js';
import { needsReseal, openCredentials, sealCredentials } from './connection-secrets.js';

/** Connections of one company at a time; an id of another company is simply not found. */
@Injectable()
export class ConnectionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(
    companyId: number,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Connection | null> {
    return manager.getRepository(Connection).findOneBy({ companyId, id });
  }

  async getById(
    companyId: number,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Connection> {
    const row = await this.findById(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return row;
  }

  /**
   * Maintenance, every company: seals the credentials still stored in clear (rows older than
   * encryption) or with a key that is no longer the current one. Returns how many rows changed.
   */
  async resealCredentials(): Promise<number> {
    const rows: { id: number; credentials: Record<string, string> }[] = await this.dataSource.query(
      `SELECT id, credentials FROM connections WHERE credentials <> '{}'::jsonb ORDER BY id`,
    );
    let changed = 0;
    for (const row of rows.filter((r) => needsReseal(r.credentials))) {
      const sealed = sealCredentials(openCredentials(row.credentials));
      await this.dataSource.query('UPDATE connections SET credentials = $2 WHERE id = $1', [
        row.id,
        sealed,
      ]);
      changed += 1;
    }
    return changed;
  }

  /** Unscoped, for driver callbacks that only know the connection id. */
  findAnyById(id: number, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Connection).findOneBy({ id });
  }

  findDefault(companyId: number, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Connection).findOneBy({ companyId, isDefault: true });
  }

  listByCompany(companyId: number, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Connection).find({ where: { companyId }, order: { name: 'ASC' } });
  }

  /** How webhooks find their connection (phoneNumberId / pageId / instagramId). */
  findByExternalId(channel: ChannelKind, externalId: string) {
    return this.dataSource.getRepository(Connection).findOneBy({ channel, externalId });
  }

  /**
   * The connections whose external API token is this one (POST /api/messages/send): unscoped, the token
   * is what names the company. At most two, enough to tell a unique token from a shared one (the unique
   * index connections_token_uq keeps it from happening; the rule stays in connectionOfToken). The
   * `<> ''` repeats the index's predicate, so even a generic plan of the prepared query uses the index.
   */
  findByToken(token: string): Promise<Connection[]> {
    return this.dataSource
      .getRepository(Connection)
      .createQueryBuilder('c')
      .where('c.token = :token', { token })
      .andWhere(`c.token <> ''`)
      .orderBy('c.id', 'ASC')
      .limit(2)
      .getMany();
  }

  /** Connections whose session should be live after a restart (not logged out by a user). */
  listStartable(): Promise<Connection[]> {
    return this.dataSource
      .getRepository(Connection)
      .createQueryBuilder('c')
      .where(`c.status <> 'DISCONNECTED'`)
      .orderBy('c.id')
      .getMany();
  }

  async queueIdsOf(
    connectionIds: number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, number[]>> {
    const byConnection = new Map<number, number[]>(connectionIds.map((id) => [id, []]));
    if (connectionIds.length === 0) return byConnection;
    const rows = await manager
      .getRepository(ConnectionQueue)
      .createQueryBuilder('q')
      .where('q.connection_id IN (:...ids)', { ids: connectionIds })
      .getMany();
    for (const row of rows) byConnection.get(row.connectionId)?.push(row.queueId);
    return byConnection;
  }

  async replaceQueues(
    manager: EntityManager,
    connection: Connection,
    queueIds: number[],
  ): Promise<void> {
    const repository = manager.getRepository(ConnectionQueue);
    await repository.delete({ connectionId: connection.id });
    if (queueIds.length === 0) return;
    await repository.insert(
      [...new Set(queueIds)].map((queueId) => ({
        connectionId: connection.id,
        queueId,
        companyId: connection.companyId,
      })),
    );
  }
}
