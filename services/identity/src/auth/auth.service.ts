import { Inject, Injectable } from '@nestjs/common';
import {
  FallbackLanguage,
  LoginInput,
  type IssuedSession,
  type LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type RequestContext,
  type SessionUser,
  Subjects,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Transactions } from '@sb/platform/db';
import { AccountThrottles } from '../account-throttle/account-throttles.repository.js';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { toAccessClaims, toSessionUser, type SessionUserSource } from '../users/session-user.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompanyFencesRepository } from '../tenant/company-fences.repository.js';
import { AccessTokenSigner } from './access-token.js';
import { verifyPassword } from './password-hasher.js';
import { isWithinWorkingHours } from './working-hours.js';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';

@Injectable()
export class AuthService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly loader: SessionUserLoader,
    private readonly sessions: SessionsService,
    @Inject(AccessTokenSigner) private readonly signer: AccessTokenSigner,
    private readonly throttles: AccountThrottles,
    private readonly fences: CompanyFencesRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @BusHandler(Subjects.identity.login)
  async login(_ctx: CallContext, request: LoginRequest, now = new Date()): Promise<IssuedSession> {
    const input = parseInput(LoginInput, request);
    const [user, locked] = await Promise.all([
      this.users.findByEmail(input.email),
      this.throttles.isLocked('login', input.email, now),
    ]);
    // always compare, so an unknown email or a locked account costs as much as a wrong password
    const passwordOk = await verifyPassword(input.password, user?.passwordHash);
    // a locked account answers as a wrong password does (no account enumeration); tries
    // while it is locked are not counted, so the lock does not grow while its owner waits
    if (locked) throw new AppError('ERR_INVALID_CREDENTIALS');
    if (!user || !passwordOk) {
      await this.throttles.fail('login', input.email, this.config.loginThrottle, now);
      throw new AppError('ERR_INVALID_CREDENTIALS');
    }
    await this.throttles.clear('login', input.email);
    const source = await this.loader.load(user);
    if (!source) throw new AppError('ERR_INVALID_CREDENTIALS');
    // a company switched off by the platform keeps its data but lets nobody in
    if (!source.company.status) throw new AppError('ERR_COMPANY_INACTIVE');
    // a tenant operation holds the company (an export): its users wait, super users never do
    if (!user.super && (await this.fences.isFenced(user.companyId))) {
      throw new AppError('ERR_COMPANY_MAINTENANCE');
    }
    const { startWork, endWork } = user;
    if (!isWithinWorkingHours(now, startWork, endWork, source.company.timezone)) {
      throw new AppError('ERR_OUT_OF_HOURS');
    }
    const opened = await this.transactions.acrossCompanies(async (manager) => {
      const session = await this.sessions.open(
        manager,
        {
          userId: user.id,
          companyId: user.companyId,
          ip: request.ip,
          userAgent: request.userAgent,
        },
        now,
      );
      await this.companies.touchLastLogin(manager, user.companyId, now);
      return session;
    });
    return this.issue(source, opened, now);
  }

  @BusHandler(Subjects.identity.refresh)
  async refresh(
    _ctx: CallContext,
    request: RefreshRequest,
    now = new Date(),
  ): Promise<IssuedSession> {
    if (typeof request?.refreshToken !== 'string' || request.refreshToken === '') {
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    const rotated = await this.sessions.rotate(
      request.refreshToken,
      now,
      async ({ companyId, userId }, manager) => {
        if (!(await this.fences.isFenced(companyId, manager))) return;
        const user = await this.users.findById(companyId, userId);
        if (!user?.super) throw new AppError('ERR_COMPANY_MAINTENANCE');
      },
    );
    const user = await this.users.findById(rotated.companyId, rotated.userId);
    const source = user && (await this.loader.load(user));
    if (!source) throw new AppError('ERR_INVALID_TOKEN');
    if (!source.company.status) throw new AppError('ERR_COMPANY_INACTIVE');
    return this.issue(source, rotated, now);
  }

  @BusHandler(Subjects.identity.logout)
  async logout(
    ctx: Pick<RequestContext, 'companyId' | 'userId'>,
    request: LogoutRequest,
    now = new Date(),
  ): Promise<Record<string, never>> {
    await this.sessions.revoke(
      ctx,
      { sessionId: request?.sessionId, refreshToken: request?.refreshToken },
      now,
    );
    return {};
  }

  @BusHandler(Subjects.identity.me)
  async me(ctx: Pick<RequestContext, 'companyId' | 'userId'>): Promise<SessionUser> {
    const user = ctx.userId > 0 ? await this.users.findById(ctx.companyId, ctx.userId) : null;
    const source = user && (await this.loader.load(user));
    // a token for a user that no longer exists: the client must log in again
    if (!source) throw new AppError('ERR_INVALID_TOKEN');
    return toSessionUser(source);
  }

  private async issue(
    source: SessionUserSource,
    session: { sessionId: string; refreshToken: string; refreshExpiresAt: Date },
    now: Date,
  ): Promise<IssuedSession> {
    const claims = toAccessClaims(source, session.sessionId, FallbackLanguage);
    const access = await this.signer.sign(claims, now);
    return {
      accessToken: access.token,
      refreshToken: session.refreshToken,
      refreshExpiresAt: session.refreshExpiresAt.toISOString(),
      sessionId: session.sessionId,
      user: toSessionUser(source),
    };
  }
}
