import type { RequestContext } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

/** A signed-in user of a company (the gateway checks too; the service never relies on it). */
export const requireMember = (ctx: CallContext): RequestContext => {
  if (ctx.profile === 'anonymous' || ctx.userId <= 0 || ctx.companyId <= 0) {
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  return ctx;
};

/** Admin work (every member reads, admins write). */
export const requireAdmin = (call: CallContext): RequestContext => {
  const ctx = requireMember(call);
  if (ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION');
  return ctx;
};

/** Campaign screens: admins of a plan with useCampaigns (the plan is read again, not the token's). */
export const requireCampaignsAdmin = async (
  call: CallContext,
  plan: { requirePlanFlag(ctx: RequestContext, flag: 'useCampaigns'): Promise<void> },
): Promise<RequestContext> => {
  const ctx = requireAdmin(call);
  await plan.requirePlanFlag(ctx, 'useCampaigns');
  return ctx;
};
