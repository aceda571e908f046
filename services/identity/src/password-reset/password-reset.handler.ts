import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type PasswordUpdateReply,
  type ResetRequestReply,
  type ResetVerifyReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { PasswordResetService } from './password-reset.service.js';

@Injectable()
export class PasswordResetHandler {
  constructor(private readonly resets: PasswordResetService) {}

  @BusHandler(Subjects.identity.passwordResetRequest)
  request(data: unknown, ctx: CallContext): Promise<ResetRequestReply> {
    return this.resets.request(ctx, data);
  }

  @BusHandler(Subjects.identity.passwordResetVerify)
  verify(data: unknown): Promise<ResetVerifyReply> {
    return this.resets.verify(data);
  }

  @BusHandler(Subjects.identity.passwordResetComplete)
  complete(data: unknown): Promise<PasswordUpdateReply> {
    return this.resets.complete(data);
  }
}
