import { randomUUID } from 'node:crypto';
import { PlatformCompanyId, type RequestContext } from '@sb/contracts';
import { AppError } from '../errors/app-error.js';
import type { CallContext } from './request-context.js';

/*
 * The access checks every service makes on the caller itself. The gateway's guards check first; a
 * service never relies on them, since the bus also carries anonymous calls and calls between services.
 */

/** An admin of the company, or a super user. */
export const isAdmin = (ctx: Pick<CallContext, 'profile' | 'super'>): boolean =>
  ctx.profile === 'admin' || ctx.super;

/** A signed-in user of a company, else ERR_SESSION_EXPIRED (a context without the ids too). */
export const requireMember = (ctx: CallContext): RequestContext => {
  if (ctx.profile === 'anonymous' || !(ctx.userId > 0) || !(ctx.companyId > 0)) {
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  return ctx;
};

/**
 * A call on behalf of a company: a signed-in user, or another service acting for the company (its
 * own context, userId 0; the gateway never forwards one without a user). Else ERR_SESSION_EXPIRED.
 */
export const requireCompanyCall = (ctx: CallContext): RequestContext => {
  if (!(ctx.companyId > 0) || !(ctx.userId >= 0)) throw new AppError('ERR_SESSION_EXPIRED');
  return ctx as RequestContext;
};

/** Admin work (every member reads, admins write), else ERR_NO_PERMISSION. */
export const requireAdmin = (ctx: CallContext): RequestContext => {
  const member = requireMember(ctx);
  if (!isAdmin(member)) throw new AppError('ERR_NO_PERMISSION');
  return member;
};

/**
 * The operator at the command line (`npx switchboard`): super of the platform with no user (userId 0).
 * Only a process on the bus can send it; the gateway always names the signed-in user.
 */
export const operatorContext = (): RequestContext => ({
  requestId: randomUUID(),
  companyId: PlatformCompanyId,
  userId: 0,
  profile: 'admin',
  super: true,
  lang: 'en',
});

/** A super user, or the operator; else ERR_SESSION_EXPIRED (no user) or ERR_NO_PERMISSION. */
export const requireSuper = (ctx: CallContext): void => {
  const operator = ctx.super && ctx.userId === 0 && ctx.companyId === PlatformCompanyId;
  if (!operator && !(ctx.userId > 0)) throw new AppError('ERR_SESSION_EXPIRED');
  if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
};
