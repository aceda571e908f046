import type { RequestContext } from '@sb/contracts';
import { requireAdmin, type CallContext } from '@sb/platform/context';

/** Campaign screens: admins of a plan with useCampaigns (the plan is read again, not the token's). */
export const requireCampaignsAdmin = async (
  call: CallContext,
  plan: { requirePlanFlag(ctx: RequestContext, flag: 'useCampaigns'): Promise<void> },
): Promise<RequestContext> => {
  const ctx = requireAdmin(call);
  await plan.requirePlanFlag(ctx, 'useCampaigns');
  return ctx;
};
