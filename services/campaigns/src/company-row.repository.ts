import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';

/**
 * A repository of campaigns' tables: one company's reads run in the caller's transaction when
 * given one, else under the company's row-level security (`Transactions.read`); work that spans
 * companies uses the data source (the service user).
 */
@Injectable()
export abstract class TablesRepository {
  constructor(
    protected readonly dataSource: DataSource,
    protected readonly transactions: Transactions,
  ) {}
}
