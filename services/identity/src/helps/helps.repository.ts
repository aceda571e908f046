import { Injectable } from '@nestjs/common';
import type { HelpInput } from '@sb/contracts';
import { DataSource, ILike, type EntityManager } from 'typeorm';
import { HelpEntry } from './help.entity.js';

/** Helps are platform-wide, so no method takes a company id (unlike TenantRepository). */
@Injectable()
export class HelpsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: HelpEntry[]; count: number }> {
    const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const [rows, count] = await this.dataSource.getRepository(HelpEntry).findAndCount({
      where: search ? { title: ILike(`%${escaped}%`) } : {},
      order: { title: 'ASC', id: 'ASC' },
      skip: offset,
      take: limit,
    });
    return { rows, count };
  }

  all(): Promise<HelpEntry[]> {
    return this.dataSource.getRepository(HelpEntry).find({ order: { title: 'ASC', id: 'ASC' } });
  }

  findById(
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<HelpEntry | null> {
    return manager.getRepository(HelpEntry).findOneBy({ id });
  }

  create(input: HelpInput, manager: EntityManager = this.dataSource.manager): Promise<HelpEntry> {
    const repository = manager.getRepository(HelpEntry);
    return repository.save(repository.create(input));
  }

  async update(
    id: number,
    input: HelpInput,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.getRepository(HelpEntry).update({ id }, input);
  }

  async delete(id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await manager.getRepository(HelpEntry).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
