import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  LoginInput,
  Subjects,
  type AuthResult,
  type LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type SessionUser,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { AllowExpiredCompany, Public } from '../auth/auth.decorators.js';
import { anonymousCallOf, type GatewayRequest } from '../auth/gateway-request.js';
import { RevokedSessions } from '../auth/revoked-sessions.service.js';
import type { BotVerifier } from '../bot-check/bot-verifier.js';
import type { GatewayEnv } from '../gateway.config.js';
import { BOT_VERIFIER, GATEWAY_ENV } from '../gateway.tokens.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';
import { ServiceClient } from './service-client.js';

/** Session routes of spec 1 §7. Reachable by users of an expired company (the web app shows the bill). */
@ApiTags('auth')
@Controller('auth')
@AllowExpiredCompany()
export class AuthController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(BOT_VERIFIER) private readonly bot: BotVerifier,
    @Inject(RevokedSessions) private readonly revoked: RevokedSessions,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in; sets the refresh cookie and answers { token, user }' })
  @ApiBody({ schema: openApiSchema(LoginInput) })
  async login(
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() body: unknown,
  ): Promise<AuthResult> {
    const input = parseInput(LoginInput, body);
    const { 'cf-turnstile-response': botToken, ...credentials } = input;
    if (!(await this.bot.verify(botToken, req.sb.clientIp)))
      throw new AppError('ERR_BOT_CHECK_FAILED');
    const data: LoginRequest = {
      ...credentials,
      ip: req.sb.clientIp,
      userAgent: req.get('user-agent'),
    };
    const session = await this.services.request(
      Subjects.identity.login,
      anonymousCallOf(req),
      data,
    );
    setRefreshCookie(res, session, this.env.COOKIE_SECURE);
    return { token: session.accessToken, user: session.user };
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  @ApiCookieAuth('jrt')
  @ApiOperation({ summary: 'Rotates the refresh cookie and answers a new { token, user }' })
  async refresh(
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResult> {
    const refreshToken = refreshCookieOf(req.headers.cookie);
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED');
    const data: RefreshRequest = { refreshToken };
    try {
      const session = await this.services.request(
        Subjects.identity.refresh,
        anonymousCallOf(req),
        data,
      );
      setRefreshCookie(res, session, this.env.COOKIE_SECURE);
      return { token: session.accessToken, user: session.user };
    } catch (err) {
      // a refused refresh token is dead for good: drop it so the browser stops sending it
      if (err instanceof AppError && err.status === 401)
        clearRefreshCookie(res, this.env.COOKIE_SECURE);
      throw err;
    }
  }

  @Public()
  @Delete('logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiCookieAuth('jrt')
  @ApiOperation({ summary: 'Revokes the session and clears the refresh cookie' })
  async logout(
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const refreshToken = refreshCookieOf(req.headers.cookie);
    const sessionId = req.sb.token?.sid;
    clearRefreshCookie(res, this.env.COOKIE_SECURE);
    if (!refreshToken && !sessionId) return;
    const data: LogoutRequest = {
      ...(refreshToken ? { refreshToken } : {}),
      ...(sessionId ? { sessionId } : {}),
    };
    try {
      await this.services.ask(req, Subjects.identity.logout, data);
    } catch (err) {
      // an already dead session is logged out; a service failure must be reported (nothing was revoked)
      if (!(err instanceof AppError && err.status === 401)) throw err;
    }
    // this instance refuses the token at once; the others learn it from the session.revoked event
    if (sessionId) this.revoked.add(sessionId);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The logged-in user' })
  me(@Req() req: GatewayRequest): Promise<SessionUser> {
    return this.services.ask(req, Subjects.identity.me, {});
  }
}
