import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasPermission, type Permission, type PlanFlag, type UserProfile } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import {
  PERMISSIONS_KEY,
  PLAN_FLAGS_KEY,
  PROFILES_KEY,
  PUBLIC_KEY,
  SUPER_ONLY_KEY,
} from './auth.decorators.js';
import type { GatewayRequest } from './gateway-request.js';

/**
 * Global guard after AuthGuard: @Profiles, @RequirePermission, @SuperOnly (403 ERR_NO_PERMISSION) and
 * @RequirePlanFlag (403 ERR_PLAN_FEATURE_DISABLED). Super users pass profile and permission checks but
 * not plan flags: a feature off in the plan stays off.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const read = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, targets);
    const profiles = read<UserProfile[]>(PROFILES_KEY);
    const permissions = read<Permission[]>(PERMISSIONS_KEY);
    const flags = read<PlanFlag[]>(PLAN_FLAGS_KEY);
    const superOnly = read<boolean>(SUPER_ONLY_KEY);
    if (!profiles?.length && !permissions?.length && !flags?.length && !superOnly) return true;

    const token = context.switchToHttp().getRequest<GatewayRequest>().sb.token;
    if (!token) {
      // a public route with access rules is a programming error: refuse rather than open it
      if (read<boolean>(PUBLIC_KEY)) throw new AppError('ERR_NO_PERMISSION');
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    if (superOnly && !token.super) throw new AppError('ERR_NO_PERMISSION');
    if (profiles?.length && !token.super && !profiles.includes(token.profile)) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    if (permissions?.length && !token.super && !permissions.every((p) => hasPermission(token, p))) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    if (flags?.length && !flags.every((flag) => token.flags.includes(flag))) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED');
    }
    return true;
  }
}
