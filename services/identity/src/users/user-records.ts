import { Injectable } from '@nestjs/common';
import type { UserRecord } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { ProfileImageUrls } from './profile-image-urls.js';
import { toUserRecord } from './user-record.js';
import type { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** Users as the users screens and the user events carry them: their queues and a signed picture URL. */
@Injectable()
export class UserRecords {
  constructor(
    private readonly users: UsersRepository,
    private readonly imageUrls: ProfileImageUrls,
  ) {}

  async one(user: User, manager?: EntityManager): Promise<UserRecord> {
    return (await this.of([user], manager))[0]!;
  }

  /** Users of one company with their queue ids and the same queues named. */
  async of(users: User[], manager?: EntityManager): Promise<UserRecord[]> {
    if (users.length === 0) return [];
    const ids = users.map((user) => user.id);
    const [queueIds, named] = await Promise.all([
      this.users.queueIds(ids, manager),
      this.users.namedQueues(users[0]!.companyId, ids, manager),
    ]);
    return users.map((user) =>
      toUserRecord(
        user,
        { queueIds: queueIds.get(user.id) ?? [], queues: named.get(user.id) ?? [] },
        this.imageUrls.url(user.profileImage),
      ),
    );
  }
}
