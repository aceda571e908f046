import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ContactImportJobRow } from './contact.entity.js';

export type ContactImportProgress = Pick<
  ContactImportJobRow,
  'done' | 'created' | 'updated' | 'failedRows' | 'status' | 'heartbeatAt'
>;

/** contact_import_jobs: a sheet's rows, the cursor and the failures, so an import survives a restart. */
@Injectable()
export class ContactImportJobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(
    companyId: number,
    job: Pick<ContactImportJobRow, 'userId' | 'rows' | 'total' | 'heartbeatAt'>,
  ): Promise<ContactImportJobRow> {
    const repository = this.dataSource.getRepository(ContactImportJobRow);
    return repository.save(repository.create({ ...job, companyId }));
  }

  /** Every company's running jobs whose worker has not beaten since `before` (to take over). */
  async staleRunningIds(before: Date): Promise<number[]> {
    const rows = await this.dataSource
      .getRepository(ContactImportJobRow)
      .createQueryBuilder('j')
      .select('j.id', 'id')
      .where("j.status = 'running'")
      .andWhere('(j.heartbeat_at IS NULL OR j.heartbeat_at < :before)', { before })
      .getRawMany<{ id: number }>();
    return rows.map((row) => row.id);
  }

  /** A running job by id, whatever its company (the worker knows only the id). */
  findRunning(id: number): Promise<ContactImportJobRow | null> {
    return this.dataSource.getRepository(ContactImportJobRow).findOneBy({ id, status: 'running' });
  }

  async saveProgress(
    manager: EntityManager,
    companyId: number,
    id: number,
    progress: ContactImportProgress,
  ): Promise<void> {
    await manager.getRepository(ContactImportJobRow).update({ companyId, id }, progress);
  }
}
