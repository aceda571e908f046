import { Inject, Injectable } from '@nestjs/common';
import {
  PasswordUpdateInput,
  ResetCodeTtlMs,
  ResetRequestInput,
  ResetTokenTtlMs,
  ResetVerifyInput,
  Subjects,
  type NotificationSendRequest,
  type PasswordUpdateReply,
  type ResetRequestReply,
  type ResetVerifyReply,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER, BusHandler } from '@sb/platform/nest';
import { createHash, randomUUID } from 'node:crypto';
import { Transactions } from '@sb/platform/db';
import { ResetRequestThrottle } from '../account-throttle/account-throttle-rules.js';
import { AccountThrottles } from '../account-throttle/account-throttles.repository.js';
import { hashPassword } from '../auth/password-hasher.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import {
  codeMatches,
  decideVerify,
  hashResetCode,
  hashResetToken,
  newCodeSalt,
  newResetCode,
  newResetToken,
  type VerifyDecision,
} from './reset-code.js';
import { resetCodeMessage } from './reset-message.js';

/** Bus failures that mean "the connectors service is not there", as opposed to a refused send. */
const unreachable = (err: unknown) =>
  err instanceof AppError &&
  (err.code === 'ERR_SERVICE_UNAVAILABLE' || err.code === 'ERR_SERVICE_TIMEOUT');

/**
 * Password reset by a code sent to the user's messaging number (spec 3 §2.19, §4). Answers never tell
 * whether a number has an account: unknown numbers get a request id too, whose code never verifies.
 */
@Injectable()
export class PasswordResetService {
  private readonly codeKey: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly resets: PasswordResetsRepository,
    private readonly sessions: SessionsService,
    private readonly throttles: AccountThrottles,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    // a key of its own, derived from the service secret, for the code HMACs
    this.codeKey = createHash('sha256').update(`password-reset:${config.jwtSecret}`).digest('hex');
  }

  @BusHandler(Subjects.identity.passwordResetRequest)
  async request(ctx: CallContext, data: unknown, now = new Date()): Promise<ResetRequestReply> {
    const { wpp } = parseInput(ResetRequestInput, data);
    // codes per number, whoever asks from wherever (issue 16); numbers without an account count the
    // same, so the limit tells nothing about accounts
    if (await this.throttles.isLocked('reset', wpp, now))
      throw new AppError('ERR_TOO_MANY_REQUESTS');
    await this.throttles.fail('reset', wpp, ResetRequestThrottle, now);
    const user = await this.resets.findUserByPhoneDigits(wpp);
    const id = randomUUID();
    const code = newResetCode();
    const codeSalt = newCodeSalt();
    const row = {
      id,
      userId: user?.id ?? null,
      companyId: user?.companyId ?? null,
      codeSalt,
      codeHash: hashResetCode(this.codeKey, codeSalt, code),
      expiresAt: new Date(now.getTime() + ResetCodeTtlMs),
    };
    if (!user) {
      // same answer as for an account, including "the sender is down" when it is
      await this.ensureSenderReachable(ctx);
      await this.resets.insert(row);
      return { requestId: id };
    }
    await this.transactions.acrossCompanies(async (manager) => {
      await this.resets.retirePending(manager, user.id, now);
      await this.resets.insert(row, manager);
    });
    const message: NotificationSendRequest = {
      companyId: user.companyId,
      to: wpp,
      body: resetCodeMessage(user.language, code, ResetCodeTtlMs / 60_000),
    };
    try {
      await this.bus.request(Subjects.connectors.notificationSend, { ctx, data: message });
    } catch (err) {
      if (unreachable(err)) {
        await this.resets.delete(id);
        throw new AppError('ERR_SERVICE_UNAVAILABLE');
      }
      // a refused send (no default connection, invalid number) must not reveal that the account exists
      this.logger.warn({ err, companyId: user.companyId }, 'password reset: the code was not sent');
    }
    return { requestId: id };
  }

  @BusHandler(Subjects.identity.passwordResetVerify)
  async verify(_ctx: CallContext, data: unknown, now = new Date()): Promise<ResetVerifyReply> {
    const input = parseInput(ResetVerifyInput, data);
    const resetToken = newResetToken();
    const decision = await this.transactions.acrossCompanies(
      async (manager): Promise<VerifyDecision> => {
        const reset = await this.resets.lockById(manager, input.requestId);
        if (!reset) return { kind: 'invalid' };
        const right = codeMatches(this.codeKey, reset.codeSalt, input.code, reset.codeHash);
        const decided = decideVerify(reset, right, now);
        if (decided.kind === 'wrong') {
          await this.resets.update(manager, reset.id, { attempts: decided.attempts });
        } else if (decided.kind === 'verified') {
          await this.resets.update(manager, reset.id, {
            verifiedAt: now,
            resetTokenHash: hashResetToken(resetToken),
            resetTokenExpiresAt: new Date(now.getTime() + ResetTokenTtlMs),
          });
        }
        return decided;
      },
    );
    switch (decision.kind) {
      case 'verified':
        return { verified: true, resetToken };
      case 'exceeded':
        throw new AppError('ERR_RESET_ATTEMPTS_EXCEEDED');
      case 'wrong':
        throw new AppError(
          decision.exceeded ? 'ERR_RESET_ATTEMPTS_EXCEEDED' : 'ERR_INVALID_RESET_CODE',
        );
      case 'invalid':
        throw new AppError('ERR_INVALID_RESET_CODE');
    }
  }

  /** Sets the new password of the user the verified code belongs to and ends all their sessions. */
  @BusHandler(Subjects.identity.passwordResetComplete)
  async complete(_ctx: CallContext, data: unknown, now = new Date()): Promise<PasswordUpdateReply> {
    const input = parseInput(PasswordUpdateInput, data);
    const passwordHash = await hashPassword(input.newPassword);
    const changed = await this.transactions.acrossCompanies(async (manager) => {
      const reset = await this.resets.lockByTokenHash(manager, hashResetToken(input.resetToken));
      const usable =
        reset?.userId != null &&
        reset.companyId != null &&
        reset.verifiedAt !== null &&
        reset.usedAt === null &&
        reset.resetTokenExpiresAt !== null &&
        reset.resetTokenExpiresAt.getTime() > now.getTime();
      if (!usable) return false;
      const owner = { companyId: reset.companyId!, userId: reset.userId! };
      if (!(await this.resets.setPassword(manager, owner.companyId, owner.userId, passwordHash))) {
        return false;
      }
      await this.resets.update(manager, reset.id, { usedAt: now });
      await this.resets.retirePending(manager, owner.userId, now);
      await this.sessions.revokeAll(manager, owner, 'password-reset', now);
      return true;
    });
    if (!changed) throw new AppError('ERR_INVALID_RESET_CODE');
    return { updated: true };
  }

  private async ensureSenderReachable(ctx: CallContext): Promise<void> {
    try {
      await this.bus.request(Subjects.connectors.health, { ctx, data: {} });
    } catch (err) {
      if (unreachable(err)) throw new AppError('ERR_SERVICE_UNAVAILABLE');
    }
  }
}
