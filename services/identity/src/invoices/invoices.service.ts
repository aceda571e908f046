import { Injectable } from '@nestjs/common';
import {
  type InvoiceInput,
  type InvoiceUpdateInput,
  type InvoiceView,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { toInvoiceView } from './invoice-view.js';
import { InvoicesRepository } from './invoices.repository.js';
import { BusHandler } from '@sb/platform/nest';

export type InvoiceCaller = Pick<CallContext, 'companyId' | 'userId' | 'profile' | 'super'>;

const requireSuper = (ctx: InvoiceCaller) => {
  if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
  if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
};

@Injectable()
export class InvoicesService {
  constructor(private readonly invoices: InvoicesRepository) {}

  /** The caller's own company's invoices (admins; a super user sees company 1's like any admin). */
  @BusHandler(Subjects.identity.invoiceList)
  async listOwn(ctx: InvoiceCaller): Promise<InvoiceView[]> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    if (ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION');
    const rows = await this.invoices.find(ctx.companyId, {
      order: { dueDate: 'DESC', id: 'DESC' },
    });
    return rows.map(toInvoiceView);
  }

  /** One invoice: an admin's own company's; the super user's of any company. */
  async get(ctx: InvoiceCaller, id: number): Promise<InvoiceView> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    if (ctx.super) return toInvoiceView(await this.anywhere(id));
    if (ctx.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
    return toInvoiceView(await this.invoices.findOneOrFail(ctx.companyId, { id }));
  }

  /** A charge the super user adds to a company (the family's invoice screens). */
  async create(ctx: InvoiceCaller, input: InvoiceInput): Promise<InvoiceView> {
    requireSuper(ctx);
    const saved = await this.invoices.save(input.companyId, {
      detail: input.detail,
      value: input.value.toFixed(2),
      dueDate: new Date(input.dueDate),
      status: input.status,
    });
    return toInvoiceView(saved);
  }

  /** The super user changes an invoice; the fields left out keep their values. */
  async update(ctx: InvoiceCaller, id: number, input: InvoiceUpdateInput): Promise<InvoiceView> {
    requireSuper(ctx);
    const current = await this.anywhere(id);
    const companyId = input.companyId ?? current.companyId;
    if (companyId !== current.companyId)
      throw new AppError('ERR_VALIDATION', {
        fields: { companyId: ['An invoice stays with its company'] },
      });
    const saved = await this.invoices.save(companyId, {
      id,
      detail: input.detail ?? current.detail,
      value: input.value === undefined ? current.value : input.value.toFixed(2),
      dueDate: input.dueDate === undefined ? current.dueDate : new Date(input.dueDate),
      status: input.status ?? current.status,
    });
    return toInvoiceView({ ...current, ...saved });
  }

  async remove(ctx: InvoiceCaller, id: number): Promise<{ id: number }> {
    requireSuper(ctx);
    const current = await this.anywhere(id);
    await this.invoices.delete(current.companyId, { id });
    return { id };
  }

  private async anywhere(id: number) {
    const found = await this.invoices.findAnywhere(id);
    if (!found) throw new AppError('ERR_NOT_FOUND');
    return found;
  }

  /**
   * Records the period a due-date advance settled: paid, due on the date that was due (now when there
   * was none), for the plan's amount. Runs inside the company update's transaction.
   */
  async recordAdvance(
    manager: EntityManager,
    companyId: number,
    advance: { previousDue: Date | null; planName: string; amount: string; recurrence: string },
  ): Promise<void> {
    await this.invoices.save(
      companyId,
      {
        detail: `${advance.planName} (${advance.recurrence})`,
        value: advance.amount,
        dueDate: advance.previousDue ?? new Date(),
        status: 'paid',
      },
      manager,
    );
  }
}
