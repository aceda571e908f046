import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { companyRowExists } from '../records/company-rows.repository.js';

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
    return this.transactions.read(companyId, (manager) =>
      manager.query(`${SELECT} WHERE p.company_id = $1 ORDER BY p.name ASC, p.id ASC`, [companyId]),
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
    return companyRowExists('queues', companyId, queueId, manager);
  }

  async insert(companyId: number, fields: PromptWrite, manager: EntityManager): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO prompts (company_id, name, prompt, api_key_sealed, voice, voice_key_sealed,
         voice_region, max_tokens, temperature, max_messages, queue_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [companyId, ...this.values(fields)],
    );
    return rows[0]!.id;
  }

  async update(
    companyId: number,
    id: number,
    fields: PromptWrite,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE prompts SET name = $3, prompt = $4, api_key_sealed = $5, voice = $6,
         voice_key_sealed = $7, voice_region = $8, max_tokens = $9, temperature = $10,
         max_messages = $11, queue_id = $12, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, ...this.values(fields)],
    );
  }

  /** Deletes a prompt; the queues and open tickets that used it forget it. */
  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await manager.query(
      'UPDATE queues SET prompt_id = NULL, updated_at = now() WHERE company_id = $1 AND prompt_id = $2',
      [companyId, id],
    );
    await manager.query(
      'UPDATE tickets SET prompt_id = NULL WHERE company_id = $1 AND prompt_id = $2',
      [companyId, id],
    );
    await manager.query('DELETE FROM prompts WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  private values(f: PromptWrite): unknown[] {
    return [
      f.name,
      f.prompt,
      f.apiKeySealed,
      f.voice,
      f.voiceKeySealed,
      f.voiceRegion,
      f.maxTokens,
      f.temperature,
      f.maxMessages,
      f.queueId,
    ];
  }
}
