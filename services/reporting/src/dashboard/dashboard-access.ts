import { hasPermission, type RequestContext } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

/** A signed-in caller of a company (the anonymous context never reaches figures). */
export function companyCaller(ctx: CallContext): RequestContext {
  const c = ctx as Partial<RequestContext>;
  if (!c.companyId || !c.userId || c.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
  return ctx as RequestContext;
}

/** Whether the caller reads the company's figures (spec 2 §6: `dashboard:view`, so admins). */
export const seesFigures = (caller: RequestContext): boolean =>
  !!caller.super || hasPermission(caller, 'dashboard:view');

/** The dashboard's and the reports' caller: refused without `dashboard:view`. */
export function dashboardViewer(ctx: CallContext): RequestContext {
  const caller = companyCaller(ctx);
  if (!seesFigures(caller)) throw new AppError('ERR_NO_PERMISSION');
  return caller;
}
