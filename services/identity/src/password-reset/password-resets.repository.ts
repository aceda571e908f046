import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { User } from '../users/user.entity.js';
import { PasswordReset } from './password-reset.entity.js';

export type NewPasswordReset = Pick<
  PasswordReset,
  'id' | 'userId' | 'companyId' | 'codeSalt' | 'codeHash' | 'expiresAt'
>;

@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The account whose `wpp` has these digits, across companies (the reset page knows no company).
   * Several accounts may share a number: the one seen most recently wins, then the newest.
   */
  async findUserByPhoneDigits(
    digits: string,
  ): Promise<Pick<User, 'id' | 'companyId' | 'language'> | null> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .select(['u.id', 'u.companyId', 'u.language'])
      .where(`regexp_replace(u.wpp, '\\D', '', 'g') = :digits`, { digits })
      .andWhere('u.wpp IS NOT NULL')
      .orderBy('u.lastSeenAt', 'DESC', 'NULLS LAST')
      .addOrderBy('u.id', 'DESC')
      .getOne();
  }

  async insert(reset: NewPasswordReset, manager: EntityManager = this.dataSource.manager) {
    await manager.getRepository(PasswordReset).insert(reset);
  }

  /** A new code supersedes the user's earlier pending ones. */
  async retirePending(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.getRepository(PasswordReset).update({ userId, usedAt: IsNull() }, { usedAt: at });
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(PasswordReset).delete({ id });
  }

  async lockById(manager: EntityManager, id: string): Promise<PasswordReset | null> {
    return manager
      .getRepository(PasswordReset)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async lockByTokenHash(manager: EntityManager, tokenHash: string): Promise<PasswordReset | null> {
    return manager
      .getRepository(PasswordReset)
      .findOne({ where: { resetTokenHash: tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<
      Pick<
        PasswordReset,
        'attempts' | 'verifiedAt' | 'resetTokenHash' | 'resetTokenExpiresAt' | 'usedAt'
      >
    >,
  ): Promise<void> {
    await manager.getRepository(PasswordReset).update({ id }, changes);
  }

  async setPassword(
    manager: EntityManager,
    companyId: number,
    userId: number,
    passwordHash: string,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(User)
      .update({ companyId, id: userId }, { passwordHash });
    return (result.affected ?? 0) > 0;
  }
}
