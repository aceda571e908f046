import type { CompanyView, WeekdaySchedule } from '@sb/contracts';
import type { Company } from './company.entity.js';

export const toCompanyView = (company: Company, usersCount: number): CompanyView => ({
  id: company.id,
  name: company.name,
  email: company.email,
  phone: company.phone,
  document: company.document,
  paymentMethod: company.paymentMethod,
  status: company.status,
  dueDate: company.dueDate?.toISOString() ?? null,
  recurrence: company.recurrence,
  planId: company.planId,
  plan: {
    id: company.planId,
    name: company.plan?.name ?? '',
    amount: Number(company.plan?.amount ?? 0).toFixed(2),
  },
  schedules: company.schedules as WeekdaySchedule[],
  usersCount,
  createdAt: company.createdAt.toISOString(),
  lastLogin: company.lastLogin?.toISOString() ?? null,
});
