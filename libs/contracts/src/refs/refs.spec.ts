import { z } from 'zod';
import * as contracts from '../index.js';
import {
  ChatbotCreateInput,
  ConnectionCreateInput,
  QueueInput,
  TagSyncInput,
  ScheduleListQuery,
  UserCreateInput,
  UserEditInput,
} from '../index.js';
import { collectRefs, looksLikeId, missingRefs, ref, unmarkedIdFields, unowned } from './refs.js';

const refsOf = (schema: z.ZodType, input: unknown) => collectRefs(schema, schema.parse(input));

describe('references to other records', () => {
  it('reads as an id: id, *Id, *Ids and sendIdQueue', () => {
    for (const name of ['id', 'queueId', 'queueIds', 'sendIdQueue', 'optQueueId'])
      expect(looksLikeId(name)).toBe(true);
    for (const name of ['idle', 'identity', 'valid', 'width'])
      expect(looksLikeId(name)).toBe(false);
  });

  // the guard new routes cannot forget: every input schema of the contracts declares its ids
  it('every id-like field of every contracts schema is a ref or declared unowned', () => {
    const unmarked = Object.entries(contracts)
      .filter(([, value]) => value instanceof z.ZodType)
      .flatMap(([name, schema]) =>
        unmarkedIdFields(schema as z.ZodType).map((path) => `${name}.${path}`),
      );
    expect(unmarked).toEqual([]);
  });

  it('names a forgotten id field, also nested, in arrays and behind wrappers', () => {
    const schema = z.object({
      queueId: z.number().optional(),
      promptId: ref('prompt', z.number()).nullish(),
      pageId: unowned('external', z.string()),
      items: z.array(z.object({ id: z.number(), userIds: z.array(z.number()).default([]) })),
    });
    expect(unmarkedIdFields(schema)).toEqual(['queueId', 'items.[].id', 'items.[].userIds']);
  });

  it('collects the ids of a user body with their field paths', () => {
    expect(refsOf(UserCreateInput, base({ queueIds: [3, 4], whatsappId: 9 }))).toEqual([
      { path: 'whatsappId', kind: 'connection', ids: [9] },
      { path: 'queueIds', kind: 'queue', ids: [3, 4] },
    ]);
    expect(refsOf(UserEditInput, { name: 'Ann B' })).toEqual([]);
  });

  it('collects prompt, integration, file list and the chatbot tree of a queue', () => {
    const found = refsOf(QueueInput, {
      name: 'Sales',
      color: '#fff',
      promptId: 7,
      integrationId: '8',
      fileListId: null,
      chatbots: [
        { name: 'Option', optQueueId: 2, options: [{ name: 'Deeper', id: 5, optFileId: 6 }] },
      ],
    });
    expect(found).toEqual([
      { path: 'promptId', kind: 'prompt', ids: [7] },
      { path: 'integrationId', kind: 'queueIntegration', ids: [8] },
      { path: 'chatbots.0.optQueueId', kind: 'queue', ids: [2] },
      { path: 'chatbots.0.options.0.id', kind: 'chatbot', ids: [5] },
      { path: 'chatbots.0.options.0.optFileId', kind: 'fileList', ids: [6] },
    ]);
  });

  it('collects through refinements, preprocessed lists and unions', () => {
    expect(refsOf(ChatbotCreateInput, { name: 'Option', chatbotId: 4 })).toEqual([
      { path: 'chatbotId', kind: 'chatbot', ids: [4] },
    ]);
    expect(refsOf(ScheduleListQuery, { contactId: '5' })).toEqual([
      { path: 'contactId', kind: 'contact', ids: [5] },
    ]);
    expect(refsOf(TagSyncInput, { contactId: 3, tags: [1, { id: 2 }] })).toEqual([
      { path: 'contactId', kind: 'contact', ids: [3] },
      { path: 'tags.0', kind: 'tag', ids: [1] },
      { path: 'tags.1', kind: 'tag', ids: [2] },
    ]);
    const connection = refsOf(ConnectionCreateInput, {
      name: 'Main',
      sendIdQueue: 5,
      promptId: 6,
      queueIds: [5],
    });
    expect(connection).toEqual(
      expect.arrayContaining([
        { path: 'sendIdQueue', kind: 'queue', ids: [5] },
        { path: 'promptId', kind: 'prompt', ids: [6] },
        { path: 'queueIds', kind: 'queue', ids: [5] },
      ]),
    );
  });
});

describe('answering a refs check', () => {
  it('answers the ids the lookup did not find, never asking about impossible ids', async () => {
    const asked: unknown[] = [];
    const reply = await missingRefs(
      {
        refs: {
          queue: [1, 2, 2, 3_000_000_000, -1],
          message: ['not-a-uuid', '0b6c8f0e-4a8e-4c39-9f55-3a0f0e0f0a01'],
        },
      },
      async (kind, ids) => {
        asked.push([kind, ids]);
        return kind === 'queue' ? [1] : [];
      },
    );
    expect(asked).toEqual([
      ['queue', [1, 2]],
      ['message', ['0b6c8f0e-4a8e-4c39-9f55-3a0f0e0f0a01']],
    ]);
    expect(reply).toEqual({
      missing: {
        queue: [2, 3_000_000_000, -1],
        message: ['not-a-uuid', '0b6c8f0e-4a8e-4c39-9f55-3a0f0e0f0a01'],
      },
    });
  });
});

function base(extra: Record<string, unknown>) {
  return { name: 'Ann B', email: 'ann@b.co', password: 'secret', ...extra };
}
