import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { ChannelKind } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { Connection, ConnectionQueue } from './connection.entity.js';
import { needsReseal, openCredentials, sealCredentials } from './connection-secrets.js';

/** Connections of one company at a time; an id of another company is simply not found. */
@Injectable()
export class ConnectionsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  findById(companyId: number, id: number, within?: EntityManager): Promise<Connection | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Connection).findOneBy({ companyId, id }),
      within,
    );
  }

  async getById(companyId: number, id: number, manager?: EntityManager): Promise<Connection> {
    const row = await this.findById(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return row;
  }

  /** One writer of the company's connections at a time, so counts and the default stay consistent. */
  async lockCompany(companyId: number, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [companyId]);
  }

  /** How many connections the company has (of one channel when given). */
  count(companyId: number, manager: EntityManager, channel?: ChannelKind): Promise<number> {
    return manager
      .getRepository(Connection)
      .countBy({ companyId, ...(channel ? { channel } : {}) });
  }

  insert(
    companyId: number,
    fields: Omit<Partial<Connection>, 'companyId'>,
    manager: EntityManager,
  ): Promise<Connection> {
    const repository = manager.getRepository(Connection);
    return repository.save(repository.create({ ...fields, companyId }));
  }

  /** Saves a connection read from this company (one of another company is not found). */
  save(companyId: number, row: Connection, manager: EntityManager): Promise<Connection> {
    if (row.companyId !== companyId) throw new AppError('ERR_NO_WAPP_FOUND');
    return manager.getRepository(Connection).save(row);
  }

  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await manager.getRepository(Connection).delete({ companyId, id });
  }

  /** The company's oldest connection (the next default when the default goes). */
  oldest(companyId: number, manager: EntityManager): Promise<Connection | null> {
    return manager
      .getRepository(Connection)
      .findOne({ where: { companyId }, order: { id: 'ASC' } });
  }

  /** The company's default connection other than `keepId`. */
  otherDefault(
    companyId: number,
    keepId: number | null,
    manager: EntityManager,
  ): Promise<Connection | null> {
    return manager.getRepository(Connection).findOneBy({
      companyId,
      isDefault: true,
      ...(keepId ? { id: Not(keepId) } : {}),
    });
  }

  /** The company's connection of this channel and page / phone number, if any (the oldest). */
  findByChannelPage(
    companyId: number,
    channel: ChannelKind,
    externalId: string,
  ): Promise<Connection | null> {
    return this.transactions.read(companyId, (manager) =>
      manager
        .getRepository(Connection)
        .findOne({ where: { companyId, channel, externalId }, order: { id: 'ASC' } }),
    );
  }

  /** The names the company's connections use. */
  async names(companyId: number): Promise<Set<string>> {
    return this.transactions.read(companyId, async (manager) => {
      const rows = await manager
        .getRepository(Connection)
        .find({ select: { name: true }, where: { companyId } });
      return new Set(rows.map((row) => row.name));
    });
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

  findDefault(companyId: number, within?: EntityManager) {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Connection).findOneBy({ companyId, isDefault: true }),
      within,
    );
  }

  /** How many connections each of these companies has (the super's companies screen): unscoped. */
  async countByCompanies(companyIds: number[]): Promise<Map<number, number>> {
    if (companyIds.length === 0) return new Map();
    const rows: { company_id: number; count: number }[] = await this.dataSource.query(
      'SELECT company_id, count(*)::int AS count FROM connections WHERE company_id = ANY($1::int[]) GROUP BY company_id',
      [companyIds],
    );
    return new Map(rows.map((row) => [Number(row.company_id), Number(row.count)]));
  }

  listByCompany(companyId: number, within?: EntityManager) {
    return this.transactions.read(
      companyId,
      (manager) =>
        manager.getRepository(Connection).find({ where: { companyId }, order: { name: 'ASC' } }),
      within,
    );
  }

  /** Unscoped and locked until the transaction ends: a driver's status report for one session. */
  lockAnyById(id: number, manager: EntityManager): Promise<Connection | null> {
    return manager
      .getRepository(Connection)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every company's connections of this channel and account, oldest first (webhook intake). */
  listByExternalId(channel: ChannelKind, externalId: string): Promise<Connection[]> {
    return this.dataSource
      .getRepository(Connection)
      .find({ where: { channel, externalId }, order: { id: 'ASC' } });
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
