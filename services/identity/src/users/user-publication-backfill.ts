import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { publishUserCreated } from './user-creation.js';
import { UserRecords } from './user-records.js';
import type { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

const Batch = 200;

/**
 * Publishes `identity.user.created` for the users queued in `pending_user_events` (every user of an
 * installation older than UserCreation, migration 1800000160000), each in the transaction that drops its
 * row: published once, even with several identity instances starting together (SKIP LOCKED).
 */
@Injectable()
export class UserPublicationBackfill implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly records: UserRecords,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const published = await this.run();
      if (published) this.logger.info({ published }, 'existing users published to the replicas');
    } catch (err) {
      // the rows stay queued: the next start publishes them
      this.logger.warn({ err }, 'publishing the existing users failed');
    }
  }

  /** Publishes every queued user; answers how many. */
  async run(): Promise<number> {
    let published = 0;
    for (;;) {
      const count = await this.transactions.acrossCompanies(async (manager) => {
        const users = await this.users.takePendingPublications(manager, Batch);
        // a record names its company's queues: one company at a time
        const byCompany = new Map<number, User[]>();
        for (const user of users) {
          byCompany.set(user.companyId, [...(byCompany.get(user.companyId) ?? []), user]);
        }
        for (const group of byCompany.values()) {
          for (const record of await this.records.of(group, manager)) {
            await publishUserCreated(manager, record);
          }
        }
        return users.length;
      });
      published += count;
      if (count < Batch) return published;
    }
  }
}
