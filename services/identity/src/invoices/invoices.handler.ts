import { Injectable } from '@nestjs/common';
import {
  InvoiceInput,
  InvoiceUpdateInput,
  Subjects,
  type InvoiceView,
  IdParam,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { InvoicesService } from './invoices.service.js';

@Injectable()
export class InvoicesHandler {
  constructor(private readonly invoices: InvoicesService) {}

  @BusHandler(Subjects.identity.invoiceList)
  list(_data: unknown, ctx: CallContext): Promise<InvoiceView[]> {
    return this.invoices.listOwn(ctx);
  }

  @BusHandler(Subjects.identity.invoiceGet)
  get(data: unknown, ctx: CallContext): Promise<InvoiceView> {
    return this.invoices.get(ctx, parseInput(IdParam, data ?? {}).id);
  }

  @BusHandler(Subjects.identity.invoiceCreate)
  create(data: unknown, ctx: CallContext): Promise<InvoiceView> {
    return this.invoices.create(ctx, parseInput(InvoiceInput, data ?? {}));
  }

  @BusHandler(Subjects.identity.invoiceUpdate)
  update(data: unknown, ctx: CallContext): Promise<InvoiceView> {
    const { id } = parseInput(IdParam, data ?? {});
    return this.invoices.update(ctx, id, parseInput(InvoiceUpdateInput, data ?? {}));
  }

  @BusHandler(Subjects.identity.invoiceDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.invoices.remove(ctx, parseInput(IdParam, data ?? {}).id);
  }
}
