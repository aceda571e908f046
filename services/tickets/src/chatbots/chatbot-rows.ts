import type { ChatbotOption, ChatbotQueueType } from '@sb/contracts';

/** A `chatbots` row as read with plain SQL. */
export type ChatbotRow = {
  id: number;
  company_id: number;
  queue_id: number | null;
  chatbot_id: number | null;
  name: string;
  greeting_message: string;
  queue_type: ChatbotQueueType;
  close_ticket: boolean;
  opt_queue_id: number | null;
  opt_user_id: number | null;
  opt_integration_id: number | null;
  opt_file_id: number | null;
  position: number;
  created_at: Date;
  updated_at: Date;
};

export const ChatbotColumns = `id, company_id, queue_id, chatbot_id, name, greeting_message, queue_type,
  close_ticket, opt_queue_id, opt_user_id, opt_integration_id, opt_file_id, position, created_at, updated_at`;

const toOption = (row: ChatbotRow): ChatbotOption => ({
  id: row.id,
  queueId: row.queue_id,
  chatbotId: row.chatbot_id,
  name: row.name,
  greetingMessage: row.greeting_message,
  queueType: row.queue_type,
  closeTicket: row.close_ticket,
  optQueueId: row.opt_queue_id,
  optUserId: row.opt_user_id,
  optIntegrationId: row.opt_integration_id,
  optFileId: row.opt_file_id,
  options: [],
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Builds the option trees from flat rows (ordered by position): the roots are the rows whose parent is
 * `rootParentId` (a chatbot id), or the rows hanging directly off a queue when it is undefined.
 */
export const buildChatbotTrees = (rows: ChatbotRow[], rootParentId?: number): ChatbotOption[] => {
  const byId = new Map(rows.map((row) => [row.id, toOption(row)]));
  const roots: ChatbotOption[] = [];
  for (const row of rows) {
    const option = byId.get(row.id)!;
    const isRoot =
      rootParentId === undefined ? row.chatbot_id === null : row.chatbot_id === rootParentId;
    if (isRoot) roots.push(option);
    else if (row.chatbot_id !== null) byId.get(row.chatbot_id)?.options.push(option);
  }
  return roots;
};
