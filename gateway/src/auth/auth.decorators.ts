import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type {
  AnonymousContext,
  Permission,
  PlanFlag,
  RequestContext,
  UserProfile,
} from '@sb/contracts';
import type { GatewayRequest } from './gateway-request.js';

export const PUBLIC_KEY = 'sb:public';
export const PROFILES_KEY = 'sb:profiles';
export const PERMISSIONS_KEY = 'sb:permissions';
export const PLAN_FLAGS_KEY = 'sb:plan-flags';
export const SUPER_ONLY_KEY = 'sb:super-only';
export const ALLOW_EXPIRED_COMPANY_KEY = 'sb:allow-expired-company';

/** No token needed. Every other route is authenticated by the global guard. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only these profiles (super users pass as well). */
export const Profiles = (...profiles: UserProfile[]) => SetMetadata(PROFILES_KEY, profiles);

/** Every listed permission of spec 1 §6 (super users pass as well). */
export const RequirePermission = (...permissions: Permission[]) =>
  SetMetadata(PERMISSIONS_KEY, permissions);

/** The company's plan must have every listed flag (token claim `flags`). */
export const RequirePlanFlag = (...flags: PlanFlag[]) => SetMetadata(PLAN_FLAGS_KEY, flags);

/** Only users with the `super` flag. */
export const SuperOnly = () => SetMetadata(SUPER_ONLY_KEY, true);

/** Reachable by users of an expired company (auth routes, invoices): no 402 here. */
export const AllowExpiredCompany = () => SetMetadata(ALLOW_EXPIRED_COMPANY_KEY, true);

/** The RequestContext the guard built (an anonymous one on public routes without a valid token). */
export const Ctx = createParamDecorator(
  (_data: unknown, host: ExecutionContext): RequestContext | AnonymousContext =>
    host.switchToHttp().getRequest<GatewayRequest>().sb.ctx,
);

/** The verified token of the caller (undefined on public routes without one). */
export const Session = createParamDecorator(
  (_data: unknown, host: ExecutionContext) =>
    host.switchToHttp().getRequest<GatewayRequest>().sb.token,
);
