import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

/** A signed-in user of a company (the gateway checks too; the service never relies on it). */
export const requireCompanyUser = (ctx: CallContext): void => {
  if (ctx.userId <= 0 || ctx.companyId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
};

/** Queue and chatbot writes are admin work (spec 2 §6: the admin section of the menu). */
export const requireAdmin = (ctx: CallContext): void => {
  requireCompanyUser(ctx);
  if (ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION');
};

export const isAdmin = (ctx: CallContext): boolean => ctx.profile === 'admin' || ctx.super;
