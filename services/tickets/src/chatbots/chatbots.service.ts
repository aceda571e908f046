import { Injectable } from '@nestjs/common';
import {
  ChatbotCreateInput,
  ChatbotUpdateInput,
  DomainEventTypes,
  type ChatbotDeletedEventData,
  type ChatbotEventData,
  type ChatbotOption,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { recordEvent } from '../records/record-changes.js';
import { buildChatbotTrees } from './chatbot-rows.js';
import { ChatbotsRepository } from './chatbots.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** One chatbot option at a time (GET/POST/PUT/DELETE /chatbot); the queue modal saves whole trees. */
@Injectable()
export class ChatbotsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly chatbots: ChatbotsRepository,
  ) {}

  @BusHandler(Subjects.tickets.chatbotGet)
  async get(ctx: CallContext, request: unknown): Promise<ChatbotOption> {
    requireMember(ctx);
    const id = requestedId(request);
    return this.load(ctx.companyId, id);
  }

  @BusHandler(Subjects.tickets.chatbotCreate)
  async create(ctx: CallContext, data: unknown): Promise<ChatbotOption> {
    requireAdmin(ctx);
    const { queueId, chatbotId, ...fields } = parseInput(ChatbotCreateInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      // a child hangs off its parent option only; a root off a queue of the same company
      const parent =
        chatbotId !== null ? { queueId: null, chatbotId } : { queueId, chatbotId: null };
      if (chatbotId !== null && !(await this.chatbots.exists(ctx.companyId, chatbotId, manager))) {
        throw new AppError('ERR_NOT_FOUND');
      }
      if (
        chatbotId === null &&
        !(await this.chatbots.queueExists(ctx.companyId, queueId!, manager))
      ) {
        throw new AppError('ERR_NO_QUEUE_FOUND');
      }
      const { id: _ignored, ...values } = fields;
      const id = await this.chatbots.insert(ctx.companyId, parent, values, 0, manager);
      return this.saved(manager, ctx.companyId, id, DomainEventTypes.tickets.chatbotCreated);
    });
  }

  @BusHandler(Subjects.tickets.chatbotUpdate)
  async update(ctx: CallContext, request: unknown): Promise<ChatbotOption> {
    requireAdmin(ctx);
    const id = requestedId(request);
    const input = parseInput(ChatbotUpdateInput, request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if (!(await this.chatbots.exists(ctx.companyId, id, manager))) {
        throw new AppError('ERR_NOT_FOUND');
      }
      await this.chatbots.update(ctx.companyId, id, input, manager);
      return this.saved(manager, ctx.companyId, id, DomainEventTypes.tickets.chatbotUpdated);
    });
  }

  @BusHandler(Subjects.tickets.chatbotDelete)
  async remove(ctx: CallContext, request: unknown): Promise<{ id: number }> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if ((await this.chatbots.delete(ctx.companyId, [id], manager)) === 0) {
        throw new AppError('ERR_NOT_FOUND');
      }
      const data: ChatbotDeletedEventData = { chatbotId: id };
      await recordEvent(manager, ctx.companyId, {
        ...DomainEventTypes.tickets.chatbotDeleted,
        data,
      });
      return { id };
    });
  }

  private async saved(
    manager: EntityManager,
    companyId: number,
    id: number,
    type: (typeof DomainEventTypes.tickets)['chatbotCreated' | 'chatbotUpdated'],
  ): Promise<ChatbotOption> {
    const chatbot = await this.load(companyId, id, manager);
    const data: ChatbotEventData = { chatbot };
    await recordEvent(manager, companyId, { ...type, data });
    return chatbot;
  }

  private async load(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<ChatbotOption> {
    const rows = await this.chatbots.subtree(companyId, id, manager);
    const root = rows.find((row) => row.id === id);
    if (!root) throw new AppError('ERR_NOT_FOUND');
    const [tree] = buildChatbotTrees(
      rows.map((row) => (row.id === id ? { ...row, chatbot_id: null } : row)),
    );
    return { ...tree!, chatbotId: root.chatbot_id };
  }
}
