import { Injectable } from '@nestjs/common';
import type { AnnouncementInput } from '@sb/contracts';
import { DataSource, ILike, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AnnouncementEntry } from './announcement.entity.js';

/** Announcements are platform-wide, so no method takes a company id (unlike TenantRepository). */
@Injectable()
export class AnnouncementsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first; one extra row tells whether another page follows. */
  async page(options: {
    search: string;
    onlyActive: boolean;
    offset: number;
    limit: number;
  }): Promise<{ rows: AnnouncementEntry[]; hasMore: boolean }> {
    const where: FindOptionsWhere<AnnouncementEntry> = {};
    if (options.onlyActive) where.status = true;
    if (options.search) {
      where.title = ILike(`%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const rows = await this.dataSource.getRepository(AnnouncementEntry).find({
      where,
      order: { id: 'DESC' },
      skip: options.offset,
      take: options.limit + 1,
    });
    return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }

  findById(
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<AnnouncementEntry | null> {
    return manager.getRepository(AnnouncementEntry).findOneBy({ id });
  }

  create(manager: EntityManager, input: AnnouncementInput): Promise<AnnouncementEntry> {
    const repository = manager.getRepository(AnnouncementEntry);
    return repository.save(repository.create({ ...input, mediaPath: null, mediaName: null }));
  }

  async update(
    manager: EntityManager,
    id: number,
    changes: Partial<AnnouncementInput> & { mediaPath?: string | null; mediaName?: string | null },
  ): Promise<void> {
    await manager.getRepository(AnnouncementEntry).update({ id }, changes);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(AnnouncementEntry).delete({ id });
  }
}
