import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  maskSecret,
  PromptInput,
  type Prompt,
  type PromptDeleted,
  type PromptDeletedEventData,
  type PromptEventData,
  type PromptFields,
  type PromptList,
  type PromptVoice,
  withoutPromptKeys,
  Subjects,
} from '@sb/contracts';
import { type CallContext, isAdmin, requireAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { BotSecrets } from '../bot/secrets/bot-secrets.js';
import { recordDeleted, recordSaved } from '../records/record-changes.js';
import { nextSecret } from './prompt-secrets.js';
import { PromptsRepository, type PromptRow, type PromptWrite } from './prompts.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** A prompt with its secrets in clear, for the bot flow inside tickets; never answered over the API. */
export type PromptWithKeys = Prompt & { apiKey: string; voiceKey: string };

/**
 * AI prompts (spec 3 §2.16): company admins write them (the gateway also checks the plan's useOpenAi);
 * every company user may list them for the pickers. The API and voice keys are sealed at rest and only
 * answered masked.
 */
@Injectable()
export class PromptsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly prompts: PromptsRepository,
    private readonly secrets: BotSecrets,
  ) {}

  @BusHandler(Subjects.tickets.promptList)
  async list(ctx: CallContext): Promise<PromptList> {
    requireMember(ctx);
    const rows = await this.prompts.list(ctx.companyId);
    // every user lists prompts for the pickers; only admins see even the masked keys
    const shown = isAdmin(ctx) ? (p: Prompt) => p : withoutPromptKeys;
    return { prompts: rows.map((row) => shown(this.view(row))) };
  }

  @BusHandler(Subjects.tickets.promptGet)
  async get(ctx: CallContext, request: unknown): Promise<Prompt> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.view(await this.existing(ctx.companyId, id));
  }

  @BusHandler(Subjects.tickets.promptCreate)
  async create(ctx: CallContext, data: unknown): Promise<Prompt> {
    requireAdmin(ctx);
    const input = parseInput(PromptInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const fields = await this.fields(ctx.companyId, input, null, manager);
      const id = await this.prompts.insert(ctx.companyId, fields, manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.promptCreated);
    });
  }

  @BusHandler(Subjects.tickets.promptUpdate)
  async update(ctx: CallContext, request: unknown): Promise<Prompt> {
    requireAdmin(ctx);
    const id = requestedId(request);
    const input = parseInput(PromptInput, request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.existing(ctx.companyId, id, manager);
      const fields = await this.fields(ctx.companyId, input, row, manager);
      await this.prompts.update(ctx.companyId, id, fields, manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.promptUpdated, this.view(row));
    });
  }

  @BusHandler(Subjects.tickets.promptDelete)
  async remove(ctx: CallContext, request: unknown): Promise<PromptDeleted> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const before = this.view(await this.existing(ctx.companyId, id, manager));
      await this.prompts.delete(ctx.companyId, id, manager);
      const data: PromptDeletedEventData = { promptId: id };
      await recordDeleted(
        manager,
        ctx,
        { ...DomainEventTypes.tickets.promptDeleted, data },
        { entity: 'prompt', entityId: id, before },
      );
      return { id, message: 'Prompt deleted.' };
    });
  }

  /** A prompt with its keys in clear (for the bot flow); undefined when the company has no such prompt. */
  async withKeys(companyId: number, promptId: number): Promise<PromptWithKeys | undefined> {
    const row = await this.prompts.find(companyId, promptId);
    if (!row) return undefined;
    return {
      ...this.view(row),
      apiKey: this.secrets.open(row.api_key_sealed),
      voiceKey: row.voice_key_sealed ? this.secrets.open(row.voice_key_sealed) : '',
    };
  }

  /** The columns to write: the queue must be one of the company's; absent secrets keep the stored ones. */
  private async fields(
    companyId: number,
    input: PromptFields,
    row: PromptRow | null,
    manager: EntityManager,
  ): Promise<PromptWrite> {
    if (input.queueId === null) {
      throw new AppError('ERR_PROMPT_QUEUE_REQUIRED', { fields: { queueId: ['Required'] } });
    }
    if (!(await this.prompts.queueExists(companyId, input.queueId, manager))) {
      throw new AppError('ERR_NO_QUEUE_FOUND');
    }
    const storedApiKey = row ? this.secrets.open(row.api_key_sealed) : null;
    const apiKey = nextSecret(input.apiKey, storedApiKey);
    if (apiKey.keep && !row) {
      throw new AppError('ERR_PROMPT_API_KEY_REQUIRED', { fields: { apiKey: ['Required'] } });
    }
    const storedVoiceKey = row?.voice_key_sealed ? this.secrets.open(row.voice_key_sealed) : null;
    const voiceKey = nextSecret(input.voiceKey, storedVoiceKey);
    return {
      name: input.name,
      prompt: input.prompt,
      apiKeySealed: apiKey.keep ? row!.api_key_sealed : this.secrets.seal(apiKey.value),
      voice: input.voice,
      voiceKeySealed: voiceKey.keep
        ? (row?.voice_key_sealed ?? null)
        : this.secrets.seal(voiceKey.value),
      voiceRegion: input.voiceRegion,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      maxMessages: input.maxMessages,
      queueId: input.queueId,
    };
  }

  private async existing(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<PromptRow> {
    const row = await this.prompts.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_PROMPT_FOUND');
    return row;
  }

  private view(row: PromptRow): Prompt {
    return {
      id: row.id,
      name: row.name,
      prompt: row.prompt,
      apiKey: maskSecret(this.secrets.open(row.api_key_sealed)),
      voice: row.voice as PromptVoice,
      voiceKey: row.voice_key_sealed ? maskSecret(this.secrets.open(row.voice_key_sealed)) : '',
      voiceRegion: row.voice_region,
      maxTokens: row.max_tokens,
      temperature: Number(row.temperature),
      maxMessages: row.max_messages,
      queueId: row.queue_id,
      queue:
        row.queue_id !== null && row.queue_name !== null
          ? { id: row.queue_id, name: row.queue_name }
          : null,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** The saved prompt, with its event and audit entry (an update when there was a `before`). */
  private async saved(
    manager: EntityManager,
    ctx: CallContext,
    id: number,
    type: (typeof DomainEventTypes.tickets)['promptCreated' | 'promptUpdated'],
    before?: Prompt,
  ): Promise<Prompt> {
    const prompt = this.view(await this.existing(ctx.companyId, id, manager));
    const data: PromptEventData = { prompt };
    await recordSaved(
      manager,
      ctx,
      { ...type, data },
      { entity: 'prompt', entityId: id, before, after: prompt },
    );
    return prompt;
  }
}
