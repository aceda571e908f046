import type { InvoiceView } from '@sb/contracts';
import type { Invoice } from './invoice.entity.js';

export const toInvoiceView = (invoice: Invoice): InvoiceView => ({
  id: invoice.id,
  companyId: invoice.companyId,
  detail: invoice.detail,
  value: Number(invoice.value).toFixed(2),
  dueDate: invoice.dueDate.toISOString(),
  status: invoice.status,
  createdAt: invoice.createdAt.toISOString(),
});
