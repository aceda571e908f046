import { Injectable } from '@nestjs/common';
import {
  CompanyCountsRequest,
  DomainEventTypes,
  givenFields,
  QueueInput,
  QueueUpdateInput,
  type CompanyCountsReply,
  type Queue,
  type QueueDeletedEventData,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { buildChatbotTrees } from '../chatbots/chatbot-rows.js';
import { ChatbotsRepository } from '../chatbots/chatbots.repository.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { recordDeleted, recordSaved } from '../records/record-changes.js';
import { QueuesRepository, type QueueRow } from './queues.repository.js';
import { BusHandler } from '@sb/platform/nest';

const toQueue = (row: QueueRow, chatbots: Queue['chatbots']): Queue => ({
  id: row.id,
  name: row.name,
  color: row.color,
  greetingMessage: row.greeting_message,
  outOfHoursMessage: row.out_of_hours_message,
  orderQueue: row.order_queue,
  ativarRoteador: row.ativar_roteador,
  tempoRoteador: row.tempo_roteador,
  closeTicket: row.close_ticket,
  promptId: row.prompt_id,
  integrationId: row.integration_id,
  fileListId: row.file_list_id,
  schedules: row.schedules,
  chatbots,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

@Injectable()
export class QueuesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly queues: QueuesRepository,
    private readonly chatbots: ChatbotsRepository,
    private readonly identity: IdentityDirectory,
  ) {}

  /** The count of each company's queues: the super's companies screen (through identity). */
  @BusHandler(Subjects.tickets.queueCount)
  async countByCompany(ctx: CallContext, data: unknown): Promise<CompanyCountsReply> {
    if (!ctx.super) throw new AppError('ERR_NO_PERMISSION');
    const { companyIds } = parseInput(CompanyCountsRequest, data);
    const counts = await this.queues.countByCompanies(companyIds);
    return {
      counts: companyIds.map((companyId) => ({ companyId, count: counts.get(companyId) ?? 0 })),
    };
  }

  /** Every user reads the company's queues (ticket filters, transfers, the user modal). */
  @BusHandler(Subjects.tickets.queueList)
  async list(ctx: CallContext): Promise<Queue[]> {
    requireMember(ctx);
    const rows = await this.queues.list(ctx.companyId);
    const options = await this.chatbots.forQueues(
      ctx.companyId,
      rows.map((r) => r.id),
    );
    const trees = buildChatbotTrees(options);
    return rows.map((row) =>
      toQueue(
        row,
        trees.filter((root) => root.queueId === row.id),
      ),
    );
  }

  @BusHandler(Subjects.tickets.queueGet)
  async get(ctx: CallContext, request: unknown): Promise<Queue> {
    requireMember(ctx);
    const id = requestedId(request);
    return this.load(ctx.companyId, id);
  }

  @BusHandler(Subjects.tickets.queueCreate)
  async create(ctx: CallContext, data: unknown): Promise<Queue> {
    requireAdmin(ctx);
    const input = parseInput(QueueInput, data ?? {});
    const limits = await this.identity.planLimits(ctx);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      // serialise a company's queue creations so the plan count and uniqueness checks hold
      await this.queues.lockCompanyQueues(ctx.companyId, manager);
      const count = await this.queues.count(ctx.companyId, manager);
      if (count >= limits.limits.queues) throw new AppError('ERR_PLAN_LIMIT_REACHED');
      await this.checkRules(ctx.companyId, input, 0, count + 1, manager);
      const { chatbots, ...fields } = input;
      const id = await this.queues.insert(ctx.companyId, fields, manager);
      await this.chatbots.replaceQueueTree(ctx.companyId, id, chatbots ?? [], manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.queueCreated);
    });
  }

  @BusHandler(Subjects.tickets.queueUpdate)
  async update(ctx: CallContext, request: unknown): Promise<Queue> {
    requireAdmin(ctx);
    const id = requestedId(request);
    // partial update: a field the body leaves out (orderQueue, schedules…) keeps its stored value
    const changes = givenFields(parseInput(QueueUpdateInput, request ?? {}), request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.queues.lockCompanyQueues(ctx.companyId, manager);
      if (!(await this.queues.find(ctx.companyId, id, manager))) {
        throw new AppError('ERR_NO_QUEUE_FOUND');
      }
      const before = await this.load(ctx.companyId, id, manager);
      const { chatbots: _storedTree, ...stored } = before;
      const input = parseInput(QueueInput, { ...stored, ...changes });
      const count = await this.queues.count(ctx.companyId, manager);
      await this.checkRules(ctx.companyId, input, id, count, manager);
      const { chatbots, ...fields } = input;
      await this.queues.update(ctx.companyId, id, fields, manager);
      if (chatbots) await this.chatbots.replaceQueueTree(ctx.companyId, id, chatbots, manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.queueUpdated, before);
    });
  }

  @BusHandler(Subjects.tickets.queueDelete)
  async remove(ctx: CallContext, request: unknown): Promise<{ id: number }> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const before = (await this.queues.find(ctx.companyId, id, manager))
        ? await this.load(ctx.companyId, id, manager)
        : null;
      if (!(await this.queues.delete(ctx.companyId, id, manager))) {
        throw new AppError('ERR_NO_QUEUE_FOUND');
      }
      const data: QueueDeletedEventData = { queueId: id };
      await recordDeleted(
        manager,
        ctx,
        { ...DomainEventTypes.tickets.queueDeleted, data },
        { entity: 'queue', entityId: id, before },
      );
      return { id };
    });
  }

  /** Unique name and colour per company; a greeting once the company has more than one queue. */
  private async checkRules(
    companyId: number,
    input: QueueInput,
    exceptId: number,
    queueCount: number,
    manager: EntityManager,
  ): Promise<void> {
    const clash = await this.queues.clash(companyId, input, exceptId, manager);
    if (clash.name) throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS');
    if (clash.color) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    if (queueCount > 1 && input.greetingMessage.trim() === '') {
      throw new AppError('ERR_VALIDATION', {
        fields: {
          greetingMessage: ['A greeting message is required when more than one queue exists.'],
        },
      });
    }
  }

  /** The saved queue, with its event and audit entry (an update when there was a `before`). */
  private async saved(
    manager: EntityManager,
    ctx: CallContext,
    id: number,
    type: (typeof DomainEventTypes.tickets)['queueCreated' | 'queueUpdated'],
    before?: Queue,
  ): Promise<Queue> {
    const queue = await this.load(ctx.companyId, id, manager);
    await recordSaved(
      manager,
      ctx,
      { ...type, data: { queue } },
      { entity: 'queue', entityId: id, before, after: queue },
    );
    return queue;
  }

  private async load(companyId: number, id: number, manager?: EntityManager): Promise<Queue> {
    const row = await this.queues.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_QUEUE_FOUND');
    const options = await this.chatbots.forQueues(companyId, [id], manager);
    return toQueue(row, buildChatbotTrees(options));
  }
}
