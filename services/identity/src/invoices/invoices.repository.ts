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
}
