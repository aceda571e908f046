import { Injectable } from '@nestjs/common';
import { TenantRepository, Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';
import { Invoice } from './invoice.entity.js';

@Injectable()
export class InvoicesRepository extends TenantRepository<Invoice> {
  protected readonly notFoundCode = 'ERR_NOT_FOUND' as const;

  constructor(dataSource: DataSource, transactions: Transactions) {
    super(dataSource.getRepository(Invoice), transactions);
  }

  /** One invoice of any company (the super user's screens name an invoice by its id only). */
  findAnywhere(id: number): Promise<Invoice | null> {
    return this.transactions.acrossCompanies((manager) =>
      manager.getRepository(Invoice).findOne({ where: { id } }),
    );
  }
}
