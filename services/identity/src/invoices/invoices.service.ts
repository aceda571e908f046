import { Injectable } from '@nestjs/common';
import type { InvoiceView } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { toInvoiceView } from './invoice-view.js';
import { InvoicesRepository } from './invoices.repository.js';

export type InvoiceCaller = Pick<CallContext, 'companyId' | 'userId' | 'profile' | 'super'>;

@Injectable()
export class InvoicesService {
  constructor(private readonly invoices: InvoicesRepository) {}

  /** The caller's own company's invoices (admins; a super user sees company 1's like any admin). */
  async listOwn(ctx: InvoiceCaller): Promise<InvoiceView[]> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    if (ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION');
    const rows = await this.invoices.find(ctx.companyId, {
      order: { dueDate: 'DESC', id: 'DESC' },
    });
    return rows.map(toInvoiceView);
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
