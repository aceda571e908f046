import { Injectable } from '@nestjs/common';
import { InvoiceInput, InvoiceUpdateInput, Subjects, type InvoiceView } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput, requestedId } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { InvoicesService } from './invoices.service.js';

@Injectable()
export class InvoicesHandler {
  constructor(private readonly invoices: InvoicesService) {}

  @BusHandler(Subjects.identity.invoiceGet)
  get(ctx: CallContext, data: unknown): Promise<InvoiceView> {
    return this.invoices.get(ctx, requestedId(data));
  }

  @BusHandler(Subjects.identity.invoiceCreate)
  create(ctx: CallContext, data: unknown): Promise<InvoiceView> {
    return this.invoices.create(ctx, parseInput(InvoiceInput, data ?? {}));
  }

  @BusHandler(Subjects.identity.invoiceUpdate)
  update(ctx: CallContext, data: unknown): Promise<InvoiceView> {
    const id = requestedId(data);
    return this.invoices.update(ctx, id, parseInput(InvoiceUpdateInput, data ?? {}));
  }

  @BusHandler(Subjects.identity.invoiceDelete)
  remove(ctx: CallContext, data: unknown): Promise<{ id: number }> {
    return this.invoices.remove(ctx, requestedId(data));
  }
}
