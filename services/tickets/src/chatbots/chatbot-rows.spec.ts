import { buildChatbotTrees, type ChatbotRow } from './chatbot-rows.js';

const row = (id: number, queueId: number | null, chatbotId: number | null): ChatbotRow => ({
  id,
  company_id: 1,
  queue_id: queueId,
  chatbot_id: chatbotId,
  name: `option ${id}`,
  greeting_message: '',
  queue_type: 'text',
  close_ticket: false,
  opt_queue_id: null,
  opt_user_id: null,
  opt_integration_id: null,
  opt_file_id: null,
  position: 0,
  created_at: new Date(0),
  updated_at: new Date(0),
});

describe('buildChatbotTrees', () => {
  it('nests options under their parents, keeping the row order', () => {
    const trees = buildChatbotTrees([
      row(1, 5, null),
      row(2, 5, null),
      row(3, null, 1),
      row(4, null, 3),
    ]);
    expect(trees.map((t) => t.id)).toEqual([1, 2]);
    expect(trees[0]!.options.map((o) => o.id)).toEqual([3]);
    expect(trees[0]!.options[0]!.options.map((o) => o.id)).toEqual([4]);
  });

  it('starts at a given option when asked', () => {
    const trees = buildChatbotTrees([row(3, null, 1), row(4, null, 3)], 1);
    expect(trees.map((t) => t.id)).toEqual([3]);
    expect(trees[0]!.options.map((o) => o.id)).toEqual([4]);
  });
});
