import type { RequestContext } from '@sb/contracts';
import { AppError } from '../errors/app-error.js';
import type { CallContext } from './request-context.js';

/*
 * The access checks every service makes on the caller itself. The gateway's guards check first; a
 * service never relies on them, since the bus also carries anonymous calls and calls between services.
 */

/** An admin of the company, or a super user. */
export const isAdmin = (ctx: Pick<CallContext, 'profile' | 'super'>): boolean =>
  ctx.profile === 'admin' || ctx.super;

/** A signed-in user of a company, else ERR_SESSION_EXPIRED. */
export const requireMember = (ctx: CallContext): RequestContext => {
  if (ctx.profile === 'anonymous' || ctx.userId <= 0 || ctx.companyId <= 0) {
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  return ctx;
};

/** Admin work (every member reads, admins write), else ERR_NO_PERMISSION. */
export const requireAdmin = (ctx: CallContext): RequestContext => {
  const member = requireMember(ctx);
  if (!isAdmin(member)) throw new AppError('ERR_NO_PERMISSION');
  return member;
};
