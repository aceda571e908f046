import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';

/**
 * Refuses one more user when the company already has as many as its plan allows (ERR_PLAN_LIMIT_REACHED).
 * Call it inside the user-creating transaction: the company row is locked, so two concurrent creates
 * cannot both pass the count.
 */
export const assertUserLimit = async (manager: EntityManager, companyId: number): Promise<void> => {
  const company = await manager
    .getRepository(Company)
    .createQueryBuilder('company')
    .innerJoinAndSelect('company.plan', 'plan')
    .where('company.id = :companyId', { companyId })
    .setLock('pessimistic_write', undefined, ['company'])
    .getOne();
  if (!company?.plan) throw new AppError('ERR_NO_COMPANY_FOUND');
  const users = await manager.getRepository(User).countBy({ companyId });
  if (users >= company.plan.users) {
    throw new AppError('ERR_PLAN_LIMIT_REACHED', {
      details: { limit: 'users', max: company.plan.users },
    });
  }
};
