import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { PlansRepository } from './plans.repository.js';

/**
 * Refuses one more user when the company already has as many as its plan allows (ERR_PLAN_LIMIT_REACHED).
 * Call it inside the user-creating transaction: the company row is locked, so two concurrent creates
 * cannot both pass the count.
 */
export const assertUserLimit = async (manager: EntityManager, companyId: number): Promise<void> => {
  const quota = await PlansRepository.lockedUserQuota(companyId, manager);
  if (!quota) throw new AppError('ERR_NO_COMPANY_FOUND');
  if (quota.users >= quota.plan.users) {
    throw new AppError('ERR_PLAN_LIMIT_REACHED', {
      details: { limit: 'users', max: quota.plan.users },
    });
  }
};
