import type { Language, SessionQueue } from '@sb/contracts';
import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource, In, type EntityManager } from 'typeorm';
import { UserQueue } from './user-queue.entity.js';
import { User } from './user.entity.js';

/** Column values of a user as the service writes them (password already hashed). */
export type UserWrite = Partial<
  Pick<
    User,
    | 'name'
    | 'email'
    | 'passwordHash'
    | 'profile'
    | 'allTicket'
    | 'allowGroup'
    | 'defaultTheme'
    | 'defaultMenu'
    | 'startWork'
    | 'endWork'
    | 'farewellMessage'
    | 'wpp'
    | 'whatsappId'
    | 'profileImage'
  > & { language: Language | null }
>;

/** Every method but the login lookup is scoped by companyId. */
@Injectable()
export class UsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** Login looks across companies on purpose: an email is unique platform-wide. */
  async findByEmail(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<User | null> {
    return manager.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
  }

  async findById(companyId: number, id: number, within?: EntityManager): Promise<User | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(User).findOneBy({ companyId, id }),
      within,
    );
  }

  /** One page ordered by name; the search matches name or email, case-insensitively. */
  async page(
    companyId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ users: User[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const query = manager
        .getRepository(User)
        .createQueryBuilder('u')
        .where('u.company_id = :companyId', { companyId });
      if (search) {
        // the search text is a bound parameter; LIKE wildcards in it are escaped
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query.andWhere('(lower(u.name) LIKE :pattern OR u.email LIKE :pattern)', { pattern });
      }
      const [users, count] = await query
        .orderBy('u.name', 'ASC')
        .addOrderBy('u.id', 'ASC')
        .skip(offset)
        .take(limit)
        .getManyAndCount();
      return { users, count };
    });
  }

  async all(companyId: number): Promise<User[]> {
    return this.transactions.read(companyId, (manager) =>
      manager.getRepository(User).find({ where: { companyId }, order: { name: 'ASC' } }),
    );
  }

  async count(companyId: number, manager: EntityManager): Promise<number> {
    return manager.getRepository(User).countBy({ companyId });
  }

  /** A user by id in any company, read back in the transaction that wrote it. */
  byId(manager: EntityManager, id: number): Promise<User> {
    return manager.getRepository(User).findOneByOrFail({ id });
  }

  /**
   * Takes up to `limit` users queued for publication (pending_user_events), dropping their rows in the
   * caller's transaction; rows another transaction holds are skipped, so each is taken once.
   */
  async takePendingPublications(manager: EntityManager, limit: number): Promise<User[]> {
    // a SELECT around the DELETE: TypeORM answers a bare DELETE … RETURNING as [rows, count]
    const rows = (await manager.query(
      `WITH taken AS (
         DELETE FROM pending_user_events WHERE user_id IN (
           SELECT user_id FROM pending_user_events ORDER BY user_id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING user_id)
       SELECT user_id FROM taken`,
      [limit],
    )) as { user_id: number }[];
    if (rows.length === 0) return [];
    return manager.getRepository(User).find({
      where: { id: In(rows.map((row) => row.user_id)) },
      order: { id: 'ASC' },
    });
  }

  /** A user row only: UserCreation, which also publishes the user, is its one caller. */
  async insert(
    manager: EntityManager,
    companyId: number,
    values: UserWrite & Pick<User, 'name' | 'email' | 'passwordHash'> & { super?: boolean },
  ): Promise<User> {
    const repo = manager.getRepository(User);
    return repo.save(repo.create({ super: false, ...values, companyId }));
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    changes: UserWrite,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await manager.getRepository(User).update({ companyId, id }, changes);
  }

  async remove(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.getRepository(User).delete({ companyId, id });
  }

  async setPresence(
    manager: EntityManager,
    companyId: number,
    id: number,
    online: boolean,
    at: Date,
  ): Promise<void> {
    await manager.getRepository(User).update({ companyId, id }, { online, lastSeenAt: at });
  }

  /** Queue ids per user, for the users given (already scoped to one company by the caller). */
  async queueIds(
    userIds: number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, number[]>> {
    const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await manager
      .getRepository(UserQueue)
      .find({ where: { userId: In(userIds) }, order: { queueId: 'ASC' } });
    for (const row of rows) byUser.get(row.userId)?.push(row.queueId);
    return byUser;
  }

  /**
   * Each user's queues named (spec 2 §3 `queues`), in queue id order as `queueIds`: names and colours
   * from the replica of the tickets service's queues, so a queue not replicated yet is left out.
   */
  async namedQueues(
    companyId: number,
    userIds: number[],
    within?: EntityManager,
  ): Promise<Map<number, SessionQueue[]>> {
    const byUser = new Map<number, SessionQueue[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows: (SessionQueue & { userId: number })[] = await this.transactions.query(
      companyId,
      `SELECT uq.user_id AS "userId", q.id, q.name, q.color FROM user_queues uq
       JOIN queue_replica q ON q.id = uq.queue_id AND q.company_id = $2
       WHERE uq.user_id = ANY($1) ORDER BY q.id`,
      [userIds, companyId],
      within,
    );
    for (const { userId, id, name, color } of rows) byUser.get(userId)?.push({ id, name, color });
    return byUser;
  }

  /** The company's users who belong to any of `queueIds`, each with their queues among those. */
  async queueMembers(
    companyId: number,
    queueIds: number[],
  ): Promise<(User & { queueIds: number[] })[]> {
    return this.transactions.read(companyId, async (manager) => {
      if (queueIds.length === 0) return [];
      const links = await manager
        .getRepository(UserQueue)
        .createQueryBuilder('uq')
        .innerJoin(User, 'u', 'u.id = uq.user_id')
        .where('u.company_id = :companyId', { companyId })
        .andWhere('uq.queue_id = ANY(:queueIds)', { queueIds })
        .getMany();
      const byUser = new Map<number, number[]>();
      for (const link of links)
        byUser.set(link.userId, [...(byUser.get(link.userId) ?? []), link.queueId]);
      if (byUser.size === 0) return [];
      const users = await manager
        .getRepository(User)
        .findBy({ companyId, id: In([...byUser.keys()]) });
      return users.map((user) => Object.assign(user, { queueIds: byUser.get(user.id) ?? [] }));
    });
  }

  /** A user's queues as a session shows them (names and colours from the tickets' queue replica). */
  sessionQueues(
    companyId: number,
    userId: number,
    within?: EntityManager,
  ): Promise<SessionQueue[]> {
    return this.transactions.query(
      companyId,
      `SELECT q.id, q.name, q.color FROM user_queues uq
       JOIN queue_replica q ON q.id = uq.queue_id AND q.company_id = $2
       WHERE uq.user_id = $1 ORDER BY q.name, q.id`,
      [userId, companyId],
      within,
    );
  }

  async replaceQueues(manager: EntityManager, userId: number, queueIds: number[]): Promise<void> {
    const repo = manager.getRepository(UserQueue);
    await repo.delete({ userId });
    const unique = [...new Set(queueIds)];
    if (unique.length) await repo.insert(unique.map((queueId) => ({ userId, queueId })));
  }
}
