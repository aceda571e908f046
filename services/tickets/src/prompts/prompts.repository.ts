import { Injectable } from '@nestjs/common';
import {
  Transactions,
  companyRowExists,
  deleteCompanyRow,
  insertCompanyRow,
  unlinkCompanyRows,
  updateCompanyRow,
} from '@sb/platform/db';
import type { EntityManager } from 'typeorm';

export type PromptRow = {
  id: number;
  company_id: number;
  name: string;
  prompt: string;
  api_key_sealed: string;
  voice: string;
  voice_key_sealed: string | null;
  voice_region: string;
  max_tokens: number;
  temperature: number;
  max_messages: number;
  queue_id: number | null;
  queue_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The columns a save writes (secrets already sealed). */
export type PromptWrite = {
  name: string;
  prompt: string;
  apiKeySealed: string;
  voice: string;
  voiceKeySealed: string | null;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number;
};

const SELECT = `SELECT p.*, q.name AS queue_name FROM prompts p
  LEFT JOIN queues q ON q.id = p.queue_id AND q.company_id = p.company_id`;

/** All SQL of tickets.prompts; every method is scoped by the company. */
@Injectable()
export class PromptsRepository {
  constructor(private readonly transactions: Transactions) {}

  list(companyId: number): Promise<PromptRow[]> {
    return this.transactions.query(
      companyId,
      `${SELECT} WHERE p.company_id = $1 ORDER BY p.name ASC, p.id ASC`,
      [companyId],
    );
  }

  async find(
    companyId: number,
    id: number,
    within?: EntityManager,
  ): Promise<PromptRow | undefined> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        const rows: PromptRow[] = await manager.query(
          `${SELECT} WHERE p.company_id = $1 AND p.id = $2`,
          [companyId, id],
        );
        return rows[0];
      },
      within,
    );
  }

  queueExists(companyId: number, queueId: number, manager: EntityManager): Promise<boolean> {
    return companyRowExists(manager, 'queues', companyId, queueId);
  }

  insert(companyId: number, fields: PromptWrite, manager: EntityManager): Promise<number> {
    return insertCompanyRow(manager, 'prompts', companyId, columns(fields));
  }

  update(
    companyId: number,
    id: number,
    fields: PromptWrite,
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'prompts', companyId, id, columns(fields));
  }

  /** Deletes a prompt; the queues and open tickets that used it forget it. */
  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await unlinkCompanyRows(manager, 'queues', 'prompt_id', companyId, id, true);
    await unlinkCompanyRows(manager, 'tickets', 'prompt_id', companyId, id);
    await deleteCompanyRow(manager, 'prompts', companyId, id);
  }
}

const columns = (f: PromptWrite) => ({
  name: f.name,
  prompt: f.prompt,
  api_key_sealed: f.apiKeySealed,
  voice: f.voice,
  voice_key_sealed: f.voiceKeySealed,
  voice_region: f.voiceRegion,
  max_tokens: f.maxTokens,
  temperature: f.temperature,
  max_messages: f.maxMessages,
  queue_id: f.queueId,
});
