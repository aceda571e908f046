import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

/** Platform-wide content (helps, announcements) is read by anyone logged in. */
export const requireSignedIn = (ctx: CallContext): void => {
  if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
};

/** …and written by super users only; the gateway checks this too, identity never relies on it. */
export const requireSuper = (ctx: CallContext): void => {
  requireSignedIn(ctx);
  if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
};
