import { Injectable } from '@nestjs/common';
import {
  Transactions,
  companyRowExists,
  insertCompanyRow,
  updateCompanyRow,
} from '@sb/platform/db';
import type { ChatbotOptionInput, ChatbotUpdateInput } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { ChatbotColumns, type ChatbotRow } from './chatbot-rows.js';

type Parent = { queueId: number | null; chatbotId: number | null };

/**
 * Chatbot options form a tree: roots carry queue_id, children carry chatbot_id (their parent). Every
 * statement is scoped by company.
 */
@Injectable()
export class ChatbotsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Every option of these queues, roots and descendants, in display order. */
  forQueues(companyId: number, queueIds: number[], within?: EntityManager): Promise<ChatbotRow[]> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        if (queueIds.length === 0) return Promise.resolve([]);
        return manager.query(
          `WITH RECURSIVE tree AS (
         SELECT * FROM chatbots WHERE company_id = $1 AND queue_id = ANY($2) AND chatbot_id IS NULL
         UNION ALL
         SELECT c.* FROM chatbots c JOIN tree t ON c.chatbot_id = t.id WHERE c.company_id = $1
       )
       SELECT ${ChatbotColumns} FROM tree ORDER BY position, id`,
          [companyId, queueIds],
        );
      },
      within,
    );
  }

  /** One option and its descendants. */
  subtree(companyId: number, id: number, within?: EntityManager): Promise<ChatbotRow[]> {
    return this.transactions.query(
      companyId,
      `WITH RECURSIVE tree AS (
         SELECT * FROM chatbots WHERE company_id = $1 AND id = $2
         UNION ALL
         SELECT c.* FROM chatbots c JOIN tree t ON c.chatbot_id = t.id WHERE c.company_id = $1
       )
       SELECT ${ChatbotColumns} FROM tree ORDER BY position, id`,
      [companyId, id],
      within,
    );
  }

  /** Whether the company has this queue (a root option hangs off one). */
  queueExists(companyId: number, queueId: number, manager: EntityManager): Promise<boolean> {
    return companyRowExists(manager, 'queues', companyId, queueId);
  }

  exists(companyId: number, id: number, manager: EntityManager): Promise<boolean> {
    return companyRowExists(manager, 'chatbots', companyId, id);
  }

  insert(
    companyId: number,
    parent: Parent,
    option: ChatbotUpdateInput,
    position: number,
    manager: EntityManager,
  ): Promise<number> {
    return insertCompanyRow(manager, 'chatbots', companyId, {
      ...placed(parent, position),
      ...columns(option),
    });
  }

  update(
    companyId: number,
    id: number,
    option: ChatbotUpdateInput,
    manager: EntityManager,
    placement?: { parent: Parent; position: number },
  ): Promise<void> {
    return updateCompanyRow(manager, 'chatbots', companyId, id, {
      ...columns(option),
      ...(placement && placed(placement.parent, placement.position)),
    });
  }

  async delete(companyId: number, ids: number[], manager: EntityManager): Promise<number> {
    if (ids.length === 0) return 0;
    const [, affected] = (await manager.query(
      'DELETE FROM chatbots WHERE company_id = $1 AND id = ANY($2)',
      [companyId, ids],
    )) as [unknown, number];
    return affected;
  }

  /**
   * Makes a queue's option tree equal to `options`: known ids are updated in place (a ticket's bot stage
   * may point at them), new ones inserted, missing ones deleted with their children.
   */
  async replaceQueueTree(
    companyId: number,
    queueId: number,
    options: ChatbotOptionInput[],
    manager: EntityManager,
  ): Promise<void> {
    const existing = new Set(
      (await this.forQueues(companyId, [queueId], manager)).map((r) => r.id),
    );
    const kept = new Set<number>();
    const save = async (list: ChatbotOptionInput[], parent: Parent): Promise<void> => {
      for (const [position, option] of list.entries()) {
        const { id, options: children, ...fields } = option;
        let savedId: number;
        if (id !== undefined && existing.has(id)) {
          await this.update(companyId, id, fields, manager, { parent, position });
          savedId = id;
        } else {
          savedId = await this.insert(companyId, parent, fields, position, manager);
        }
        kept.add(savedId);
        await save(children ?? [], { queueId: null, chatbotId: savedId });
      }
    };
    await save(options, { queueId, chatbotId: null });
    await this.delete(
      companyId,
      [...existing].filter((id) => !kept.has(id)),
      manager,
    );
  }
}

const placed = (parent: Parent, position: number) => ({
  queue_id: parent.queueId,
  chatbot_id: parent.chatbotId,
  position,
});

const columns = (option: ChatbotUpdateInput) => ({
  name: option.name,
  greeting_message: option.greetingMessage,
  queue_type: option.queueType,
  close_ticket: option.closeTicket,
  opt_queue_id: option.optQueueId,
  opt_user_id: option.optUserId,
  opt_integration_id: option.optIntegrationId,
  opt_file_id: option.optFileId,
});
