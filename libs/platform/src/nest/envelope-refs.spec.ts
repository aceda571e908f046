import type { RefsCheckRequest } from '@sb/contracts';
import { anonymousContext } from '../context/request-context.js';
import { AppError } from '../errors/app-error.js';
import { checkEnvelopeRefs } from './bus-handler.explorer.js';

const ctx = anonymousContext('r1');

describe('checkEnvelopeRefs (before every bus handler)', () => {
  it('lets a request without refs through without asking', async () => {
    const asked: RefsCheckRequest[] = [];
    const check = {
      missing: async (_c: unknown, r: RefsCheckRequest) => (asked.push(r), { missing: {} }),
    };
    await checkEnvelopeRefs(check, { ctx });
    await checkEnvelopeRefs(check, { ctx, refs: [] });
    expect(asked).toEqual([]);
  });

  it("refuses another company's ids with the kind's 404, naming the field", async () => {
    const check = { missing: async () => ({ missing: { queue: [3] } }) };
    const refused = await checkEnvelopeRefs(check, {
      ctx,
      refs: [
        { path: 'queueId', kind: 'queue', ids: [3] },
        { path: 'userId', kind: 'user', ids: [2] },
      ],
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'ERR_NO_QUEUE_FOUND',
      status: 404,
      fields: { queueId: ['No queue 3 in this company'] },
    });
  });

  it('refuses refs a service without REFS_CHECK receives, rather than ignoring them', async () => {
    await expect(
      checkEnvelopeRefs(undefined, { ctx, refs: [{ path: 'queueId', kind: 'queue', ids: [3] }] }),
    ).rejects.toMatchObject({ code: 'ERR_INTERNAL' });
  });
});
