import type { RefOwner, RefsCheckRequest } from '@sb/contracts';
import { anonymousContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { checkReferences } from './reference-check.js';

const ctx = anonymousContext('r1');

describe('checkReferences', () => {
  it('asks each owning service once, with every kind it owns', async () => {
    const asked: [RefOwner, RefsCheckRequest][] = [];
    await checkReferences(
      ctx,
      [
        { path: 'queueIds', kind: 'queue', ids: [1, 2] },
        { path: 'promptId', kind: 'prompt', ids: [3] },
        { path: 'sendIdQueue', kind: 'queue', ids: [2] },
        { path: 'whatsappId', kind: 'connection', ids: [4] },
      ],
      async (owner, _ctx, request) => {
        asked.push([owner, request]);
        return { missing: {} };
      },
    );
    expect(asked).toEqual([
      ['tickets', { refs: { queue: [1, 2], prompt: [3] } }],
      ['connectors', { refs: { connection: [4] } }],
    ]);
  });

  it("refuses with the kind's not-found code, naming every field with a missing id", async () => {
    const refused = await checkReferences(
      ctx,
      [
        { path: 'queueIds', kind: 'queue', ids: [1, 2] },
        { path: 'chatbots.0.optQueueId', kind: 'queue', ids: [2] },
        { path: 'promptId', kind: 'prompt', ids: [3] },
      ],
      async () => ({ missing: { queue: [2] } }),
    ).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'ERR_NO_QUEUE_FOUND',
      status: 404,
      fields: {
        queueIds: ['No queue 2 in this company'],
        'chatbots.0.optQueueId': ['No queue 2 in this company'],
      },
      details: { missing: { queue: [2] } },
    });
  });

  it('refuses with ERR_REFERENCE_NOT_FOUND when several kinds are missing', async () => {
    const refused = await checkReferences(
      ctx,
      [
        { path: 'queueIds', kind: 'queue', ids: [1] },
        { path: 'whatsappId', kind: 'connection', ids: [4] },
      ],
      async (owner) => ({ missing: owner === 'tickets' ? { queue: [1] } : { connection: [4] } }),
    ).catch((err: unknown) => err);
    expect(refused).toMatchObject({
      code: 'ERR_REFERENCE_NOT_FOUND',
      status: 404,
      fields: {
        queueIds: ['No queue 1 in this company'],
        whatsappId: ['No connection 4 in this company'],
      },
    });
  });

  it('asks nobody when the input named no record', async () => {
    let asked = 0;
    await checkReferences(ctx, [], async () => {
      asked += 1;
      return { missing: {} };
    });
    expect(asked).toBe(0);
  });
});
