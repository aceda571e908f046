import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@sb/platform/errors';
import { AccessTokenService, bearerToken } from './access-token.service.js';
import { ALLOW_EXPIRED_COMPANY_KEY, PUBLIC_KEY } from './auth.decorators.js';
import { FencedCompanies } from './fenced-companies.js';
import type { GatewayRequest } from './gateway-request.js';
import { contextFromToken, isCompanyExpired } from './request-context.js';

/**
 * Global guard: every route needs a valid access token unless marked @Public(). It builds the request
 * context from the token and answers 402 for an expired company outside @AllowExpiredCompany() routes,
 * and 503 ERR_COMPANY_MAINTENANCE to the users of a fenced company (a tenant operation holds it).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(FencedCompanies) private readonly fenced: FencedCompanies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const raw = bearerToken(req.headers.authorization);

    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) {
      // A public route still learns who calls when the token is good (logout); a bad one is ignored.
      if (raw) await this.authenticate(req, raw).catch(() => undefined);
      return true;
    }
    if (!raw) throw new AppError('ERR_SESSION_EXPIRED');
    const token = await this.authenticate(req, raw);
    const allowExpired = this.reflector.getAllAndOverride<boolean>(
      ALLOW_EXPIRED_COMPANY_KEY,
      targets,
    );
    if (!allowExpired && isCompanyExpired(token.cid, token.due)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { details: { dueDate: token.due } });
    }
    this.fenced.assertOpen(req.sb.ctx!);
    return true;
  }

  private async authenticate(req: GatewayRequest, raw: string) {
    const token = await this.tokens.verify(raw);
    req.sb.token = token;
    const ctx = contextFromToken(
      token,
      req.sb.requestId,
      req.headers['accept-language'],
      req.sb.clientIp,
    );
    // the browser too, for the audit log (the address is clientIp, resolved behind TRUSTED_PROXIES)
    const userAgent = req.headers['user-agent'];
    req.sb.ctx = userAgent ? { ...ctx, userAgent: userAgent.slice(0, 400) } : ctx;
    return token;
  }
}
