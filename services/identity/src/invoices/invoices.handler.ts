import { Injectable } from '@nestjs/common';
import { Subjects, type InvoiceView } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { InvoicesService } from './invoices.service.js';

@Injectable()
export class InvoicesHandler {
  constructor(private readonly invoices: InvoicesService) {}

  @BusHandler(Subjects.identity.invoiceList)
  list(_data: unknown, ctx: CallContext): Promise<InvoiceView[]> {
    return this.invoices.listOwn(ctx);
  }
}
