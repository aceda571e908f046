import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Setting } from './setting.entity.js';

/** The platform-wide settings (one row per key). */
@Injectable()
export class SettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ key: string; value: string }[]> {
    return manager.getRepository(Setting).find({ order: { key: 'ASC' } });
  }

  async upsert(manager: EntityManager, key: string, value: string): Promise<void> {
    await manager.getRepository(Setting).upsert({ key, value }, { conflictPaths: ['key'] });
  }
}
