import { Injectable } from '@nestjs/common';
import { Subjects, type SignupResult } from '@sb/contracts';
import { BusHandler } from '@sb/platform/nest';
import { SignupService } from './signup.service.js';

@Injectable()
export class SignupHandler {
  constructor(private readonly signups: SignupService) {}

  @BusHandler(Subjects.identity.signup)
  signup(data: unknown): Promise<SignupResult> {
    return this.signups.signup(data);
  }
}
