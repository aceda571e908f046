import { Injectable } from '@nestjs/common';
import { TenantRepository, Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';
import { TicketNote } from '../core/ticket.entity.js';

/** Notes of one company at a time (the tenant is in every method's signature). */
@Injectable()
export class TicketNotesRepository extends TenantRepository<TicketNote> {
  protected readonly notFoundCode = 'ERR_NO_NOTE_FOUND' as const;

  constructor(dataSource: DataSource, transactions: Transactions) {
    super(dataSource.getRepository(TicketNote), transactions);
  }
}
