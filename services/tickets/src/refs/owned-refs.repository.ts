import { Injectable } from '@nestjs/common';
import type { RefId, RefKind } from '@sb/contracts';
import { DataSource } from 'typeorm';

/** The tables of the kinds of record this service owns, each with a company_id column. */
const tables: Partial<Record<RefKind, string>> = {
  queue: 'queues',
  chatbot: 'chatbots',
  prompt: 'prompts',
  queueIntegration: 'queue_integrations',
  fileList: 'file_lists',
  fileListOption: 'file_list_options',
  contact: 'contacts',
  ticket: 'tickets',
  tag: 'tags',
  message: 'messages',
};

@Injectable()
export class OwnedRefsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Which of these ids are rows of the company (undefined: a kind this service does not own). */
  async ownedIds(companyId: number, kind: RefKind, ids: RefId[]): Promise<RefId[] | undefined> {
    const table = tables[kind];
    if (!table) return undefined;
    const type = kind === 'message' ? 'uuid' : 'int';
    const rows: { id: RefId }[] = await this.dataSource.query(
      `SELECT id FROM ${table} WHERE company_id = $1 AND id = ANY($2::${type}[])`,
      [companyId, ids],
    );
    return rows.map((row) => row.id);
  }
}
