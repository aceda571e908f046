import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  QueueIntegrationInput,
  QueueIntegrationListQuery,
  QueueIntegrationPageSize,
  QueueIntegrationTestInput,
  type QueueIntegration,
  type QueueIntegrationDeletedEventData,
  type QueueIntegrationEventData,
  type QueueIntegrationLanguage,
  type QueueIntegrationPage,
  type QueueIntegrationTestResult,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER, BusHandler } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation, Transactions } from '@sb/platform/db';
import { DialogflowClient, DialogflowError } from './dialogflow-client.js';
import { BotSecrets } from '../bot/secrets/bot-secrets.js';
import { recordDeleted, recordSaved } from '../records/record-changes.js';
import type { QueueIntegrationRow } from './queue-integration.entity.js';
import {
  QueueIntegrationsRepository,
  type QueueIntegrationFields,
} from './queue-integrations.repository.js';
import { maskServiceAccountKey, resolveSubmittedKey } from './service-account-key-mask.js';

/** What testSession says to the agent, in the integration's language. */
export const DialogflowTestText: Record<string, string> = {
  'pt-BR': 'Olá',
  en: 'Hello',
  es: 'Hola',
};
/** The test greeting in the agent's language, else its base language's, else English. */
const testTextFor = (language: QueueIntegrationLanguage): string =>
  DialogflowTestText[language] ?? DialogflowTestText[language.split('-')[0]!] ?? 'Hello';

const invalidKey = () =>
  new AppError('ERR_VALIDATION', { fields: { jsonContent: ['Invalid key'] } });

/**
 * Queue integrations (spec 3 §2.14): admin work within a company. The Dialogflow key is sealed at rest
 * and answered with its private key masked; a save or a test that sends the masked key keeps the stored.
 */
@Injectable()
export class QueueIntegrationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly integrations: QueueIntegrationsRepository,
    private readonly secrets: BotSecrets,
    private readonly dialogflow: DialogflowClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.tickets.queueIntegrationPage)
  async page(ctx: CallContext, query: unknown): Promise<QueueIntegrationPage> {
    requireAdmin(ctx);
    const { searchParam, pageNumber } = parseInput(QueueIntegrationListQuery, query ?? {});
    const offset = (pageNumber - 1) * QueueIntegrationPageSize;
    const { rows, count } = await this.integrations.page(
      ctx.companyId,
      searchParam,
      offset,
      QueueIntegrationPageSize,
    );
    return {
      queueIntegrations: rows.map((row) => this.view(row)),
      count,
      hasMore: offset + rows.length < count,
    };
  }

  @BusHandler(Subjects.tickets.queueIntegrationGet)
  async get(ctx: CallContext, request: unknown): Promise<QueueIntegration> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.view(await this.existing(ctx.companyId, id));
  }

  @BusHandler(Subjects.tickets.queueIntegrationCreate)
  async create(ctx: CallContext, data: unknown): Promise<QueueIntegration> {
    requireAdmin(ctx);
    const input = parseInput(QueueIntegrationInput, data ?? {});
    return this.uniqueName(ctx.companyId, async (manager) => {
      await this.checkName(manager, ctx.companyId, input.name, null);
      const id = await this.integrations.insert(ctx.companyId, this.fields(input, null), manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.queueIntegrationCreated);
    });
  }

  @BusHandler(Subjects.tickets.queueIntegrationUpdate)
  async update(ctx: CallContext, request: unknown): Promise<QueueIntegration> {
    requireAdmin(ctx);
    const id = requestedId(request);
    const input = parseInput(QueueIntegrationInput, request);
    return this.uniqueName(ctx.companyId, async (manager) => {
      const row = await this.existing(ctx.companyId, id, manager);
      await this.checkName(manager, ctx.companyId, input.name, id);
      const before = this.view(row);
      await this.integrations.update(ctx.companyId, id, this.fields(input, row), manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.queueIntegrationUpdated, before);
    });
  }

  @BusHandler(Subjects.tickets.queueIntegrationDelete)
  async remove(ctx: CallContext, request: unknown): Promise<{ id: number }> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const before = this.view(await this.existing(ctx.companyId, id, manager));
      await this.integrations.delete(ctx.companyId, id, manager);
      const data: QueueIntegrationDeletedEventData = { integrationId: id };
      await recordDeleted(
        manager,
        ctx,
        { ...DomainEventTypes.tickets.queueIntegrationDeleted, data },
        { entity: 'queue-integration', entityId: id, before },
      );
      return { id };
    });
  }

  /** Sends a greeting to the Dialogflow agent and answers what it said (spec 3 §7 testSession). */
  @BusHandler(Subjects.tickets.queueIntegrationTestSession)
  async testSession(ctx: CallContext, data: unknown): Promise<QueueIntegrationTestResult> {
    requireAdmin(ctx);
    const input = parseInput(QueueIntegrationTestInput, data ?? {});
    const stored = input.id ? this.plainKey(await this.existing(ctx.companyId, input.id)) : null;
    const key = resolveSubmittedKey(input.jsonContent, stored);
    if (!key) throw invalidKey();
    const text = testTextFor(input.language);
    try {
      const reply = await this.dialogflow.detectIntent({
        key,
        projectName: input.projectName,
        sessionId: `test-${ctx.companyId}-${randomUUID()}`,
        text,
        languageCode: input.language,
      });
      return { ok: true, text, ...reply };
    } catch (error) {
      if (!(error instanceof DialogflowError)) throw error;
      // the kind and the status only: never the key
      this.logger.warn(
        { companyId: ctx.companyId, kind: error.kind, status: error.status },
        'dialogflow test session failed',
      );
      if (error.kind === 'timeout') throw new AppError('ERR_DIALOGFLOW_TIMEOUT');
      throw new AppError('ERR_DIALOGFLOW_TEST_FAILED', {
        message: `Dialogflow did not answer: ${error.message}`,
        details: { reason: error.kind },
      });
    }
  }

  /** A stored integration with its decrypted key, for the bot flow (undefined when it is gone). */
  async forBot(
    companyId: number,
    id: number,
  ): Promise<{ integration: QueueIntegrationRow; key: string | null } | undefined> {
    const row = await this.integrations.find(companyId, id);
    return row ? { integration: row, key: this.plainKey(row) } : undefined;
  }

  /** The decrypted key of a stored integration (for the bot flow and the test). */
  plainKey(row: QueueIntegrationRow): string | null {
    return row.jsonContent ? this.secrets.open(row.jsonContent) : null;
  }

  private fields(
    input: QueueIntegrationInput,
    row: QueueIntegrationRow | null,
  ): QueueIntegrationFields {
    let jsonContent: string | null = null;
    if (input.type === 'dialogflow') {
      const key = resolveSubmittedKey(input.jsonContent, row ? this.plainKey(row) : null);
      if (!key) throw invalidKey();
      jsonContent = this.secrets.seal(key);
    }
    return {
      type: input.type,
      name: input.name,
      projectName: input.projectName,
      jsonContent,
      language: input.language,
      urlN8N: input.urlN8N,
      typebotSlug: input.typebotSlug,
      typebotExpires: input.typebotExpires,
      typebotDelayMessage: input.typebotDelayMessage,
      typebotKeywordFinish: input.typebotKeywordFinish,
      typebotKeywordRestart: input.typebotKeywordRestart,
      typebotUnknownMessage: input.typebotUnknownMessage,
      typebotRestartMessage: input.typebotRestartMessage,
    };
  }

  private view(row: QueueIntegrationRow): QueueIntegration {
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      projectName: row.projectName,
      jsonContent: maskServiceAccountKey(this.plainKey(row)),
      language: row.language,
      urlN8N: row.urlN8N,
      typebotSlug: row.typebotSlug,
      typebotExpires: row.typebotExpires,
      typebotDelayMessage: row.typebotDelayMessage,
      typebotKeywordFinish: row.typebotKeywordFinish,
      typebotKeywordRestart: row.typebotKeywordRestart,
      typebotUnknownMessage: row.typebotUnknownMessage,
      typebotRestartMessage: row.typebotRestartMessage,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Another company's integration does not exist for the caller. */
  private async existing(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<QueueIntegrationRow> {
    const row = await this.integrations.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
    return row;
  }

  /** A transaction whose unique-name violation (a concurrent save) answers the catalogue's 409. */
  private async uniqueName<T>(
    companyId: number,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.transactions.inTenant(companyId, work);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('ERR_INTEGRATION_NAME_ALREADY_EXISTS');
      }
      throw error;
    }
  }

  private async checkName(
    manager: EntityManager,
    companyId: number,
    name: string,
    exceptId: number | null,
  ): Promise<void> {
    if (await this.integrations.nameTaken(companyId, name, exceptId, manager)) {
      throw new AppError('ERR_INTEGRATION_NAME_ALREADY_EXISTS');
    }
  }

  /** The saved integration, with its event and audit entry (an update when there was a `before`). */
  private async saved(
    manager: EntityManager,
    ctx: CallContext,
    id: number,
    type: (typeof DomainEventTypes.tickets)['queueIntegrationCreated' | 'queueIntegrationUpdated'],
    before?: QueueIntegration,
  ): Promise<QueueIntegration> {
    const queueIntegration = this.view(await this.existing(ctx.companyId, id, manager));
    const data: QueueIntegrationEventData = { queueIntegration };
    await recordSaved(
      manager,
      ctx,
      { ...type, data },
      { entity: 'queue-integration', entityId: id, before, after: queueIntegration },
    );
    return queueIntegration;
  }
}
