import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  Subjects,
  SignupInput,
  SignupTrialDays,
  phoneDigits,
  type CompanyEventData,
  type SignupResult,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { hashPassword } from '../auth/password-hasher.js';
import { toCompanyView } from '../companies/company-view.js';
import { takenNameError } from '../companies/taken-names.js';
import { UserCreation } from '../users/user-creation.js';
import { SignupRepository } from './signup.repository.js';

const DAY_MS = 86_400_000;

/**
 * Public signup (spec 1 §2): always a new company on a public plan with a 3-day trial, its admin and
 * the default settings, in one transaction. Never a user inside an existing company.
 */
@Injectable()
export class SignupService {
  constructor(
    private readonly transactions: Transactions,
    private readonly signups: SignupRepository,
    private readonly creation: UserCreation,
  ) {}

  @BusHandler(Subjects.identity.signup)
  async signup(_ctx: CallContext, data: unknown, now = new Date()): Promise<SignupResult> {
    const input = parseInput(SignupInput, data);
    if ((await this.signups.platformSettings()).userCreation === 'disabled') {
      throw new AppError('ERR_USER_CREATION_DISABLED');
    }
    const plan = await this.signups.findPlan(input.planId);
    if (!plan?.isPublic) {
      throw new AppError('ERR_VALIDATION', {
        message: 'Choose one of the offered plans.',
        fields: { planId: ['Choose one of the offered plans'] },
      });
    }
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.transactions.acrossCompanies(async (manager) => {
        if (await this.signups.companyNameTaken(manager, input.companyName)) {
          throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS');
        }
        if (await this.signups.emailTaken(manager, input.email)) {
          throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
        }
        const company = await this.signups.insertCompany(manager, {
          name: input.companyName,
          email: input.email,
          phone: input.phone,
          dueDate: new Date(now.getTime() + SignupTrialDays * DAY_MS),
          recurrence: 'MENSAL',
          planId: plan.id,
        });
        const companyEvent: CompanyEventData = { company: toCompanyView(company, 1) };
        await Outbox.add(manager, {
          companyId: company.id,
          ...DomainEventTypes.identity.companyCreated,
          data: companyEvent,
        });
        // the signup phone is the admin's number, so password reset works for them
        const user = await this.creation.create(manager, company.id, {
          name: input.name,
          email: input.email,
          passwordHash,
          wpp: phoneDigits(input.phone),
          profile: 'admin',
        });
        await this.signups.insertDefaultSettings(manager, company.id);
        return { companyId: company.id, userId: user.id };
      });
    } catch (err) {
      // a race with another signup
      throw takenNameError(err) ?? err;
    }
  }
}
