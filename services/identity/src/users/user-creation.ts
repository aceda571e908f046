import { Injectable } from '@nestjs/common';
import { DomainEventTypes, type UserCreatedEventData, type UserRecord } from '@sb/contracts';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import type { User } from './user.entity.js';
import { UserRecords } from './user-records.js';
import { UsersRepository, type UserWrite } from './users.repository.js';

/** A new user's columns (password already hashed), its queues and, for the seed alone, the super flag. */
export type NewUser = UserWrite &
  Pick<User, 'name' | 'email' | 'passwordHash'> & { super?: boolean; queueIds?: number[] };

/** Publishes `identity.user.created` for a user, in the transaction of `manager`. */
export const publishUserCreated = async (
  manager: EntityManager,
  record: UserRecord,
): Promise<void> => {
  const data: UserCreatedEventData = { user: record };
  await Outbox.add(manager, {
    companyId: record.companyId,
    ...DomainEventTypes.identity.userCreated,
    data,
  });
};

/**
 * The one way a user comes to exist (signup, the super's company form, the users screen, the seed): the
 * row, its queues and `identity.user.created` in the outbox, all in the caller's transaction, so the
 * replicas of tickets and reporting learn every user. Nothing else inserts users (user-creation.spec.ts).
 */
@Injectable()
export class UserCreation {
  constructor(
    private readonly users: UsersRepository,
    private readonly records: UserRecords,
  ) {}

  async create(manager: EntityManager, companyId: number, input: NewUser): Promise<UserRecord> {
    const { queueIds = [], ...values } = input;
    const inserted = await this.users.insert(manager, companyId, values);
    if (queueIds.length) await this.users.replaceQueues(manager, inserted.id, queueIds);
    // read back: the columns the database fills (defaults, created_at) are part of the record
    const user = await this.users.byId(manager, inserted.id);
    const record = await this.records.one(user, manager);
    await publishUserCreated(manager, record);
    return record;
  }
}
