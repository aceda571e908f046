import { hasPermission, type RequestContext } from '@sb/contracts';
import { requireMember, type CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

/** Whether the caller reads the company's figures (spec 2 §6: `dashboard:view`, so admins). */
export const seesFigures = (caller: RequestContext): boolean =>
  !!caller.super || hasPermission(caller, 'dashboard:view');

/** The dashboard's and the reports' caller: refused without `dashboard:view`. */
export function dashboardViewer(ctx: CallContext): RequestContext {
  const caller = requireMember(ctx);
  if (!seesFigures(caller)) throw new AppError('ERR_NO_PERMISSION');
  return caller;
}
