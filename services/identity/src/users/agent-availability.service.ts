import { Injectable } from '@nestjs/common';
import type { AvailableAgentsReply } from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { z } from 'zod';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { availableAgentsByQueue } from './agent-availability.js';
import { type Caller } from './user-rules.js';
import { UsersRepository } from './users.repository.js';
import { recordId, Subjects } from '@sb/contracts';
import { BusHandler } from '@sb/platform/nest';
import { requireCompanyCall } from '@sb/platform/context';

const AvailableAgentsInput = z.object({
  companyId: recordId,
  queueIds: z.array(recordId).max(500),
  at: z.string().datetime({ offset: true }),
});

/** Who may take a ticket of a queue now (the tickets router asks, for the company it routes). */
@Injectable()
export class AgentAvailabilityService {
  constructor(
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  @BusHandler(Subjects.identity.userAvailableAgents, requireCompanyCall)
  async availableAgents(ctx: Caller, data: unknown): Promise<AvailableAgentsReply> {
    const input = parseInput(AvailableAgentsInput, data ?? {});
    if (input.companyId !== ctx.companyId && ctx.super !== true) {
      throw new AppError('ERR_NO_COMPANY_FOUND');
    }
    const company = await this.companies.findById(input.companyId);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    const queueIds = [...new Set(input.queueIds)];
    const members = await this.users.queueMembers(company.id, queueIds);
    const byQueue = availableAgentsByQueue(members, queueIds, new Date(input.at), company.timezone);
    return { queues: [...byQueue].map(([queueId, userIds]) => ({ queueId, userIds })) };
  }
}
