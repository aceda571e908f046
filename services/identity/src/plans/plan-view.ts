import { PlanFlags, type PlanFlagValues, type PlanView } from '@sb/contracts';
import type { Plan } from './plan.entity.js';

export const planFlagsOf = (plan: Plan): PlanFlagValues =>
  Object.fromEntries(PlanFlags.map((flag) => [flag, plan[flag]])) as PlanFlagValues;

export const toPlanView = (plan: Plan): PlanView => ({
  id: plan.id,
  name: plan.name,
  users: plan.users,
  connections: plan.connections,
  queues: plan.queues,
  amount: Number(plan.amount).toFixed(2),
  isPublic: plan.isPublic,
  ...planFlagsOf(plan),
});
