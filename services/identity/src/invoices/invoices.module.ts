import { Module } from '@nestjs/common';
import { InvoicesHandler } from './invoices.handler.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

@Module({
  providers: [InvoicesRepository, InvoicesService, InvoicesHandler],
  exports: [InvoicesService],
})
export class InvoicesModule {}
