import type { Language } from '@sb/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { User } from './user.entity.js';

@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Login looks across companies on purpose: an email is unique platform-wide. */
  async findByEmail(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
  }

  async findById(
    companyId: number,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<User | null> {
    return manager.getRepository(User).findOneBy({ companyId, id });
  }

  async updatePreferences(
    manager: EntityManager,
    companyId: number,
    id: number,
    changes: { language?: Language },
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await manager.getRepository(User).update({ companyId, id }, changes);
  }
}
