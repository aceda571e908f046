import { ref } from '@sb/contracts';
import { z } from 'zod';
import { parseInput } from '../errors/parse-input.js';
import { collectingParsedRefs, takeParsedRefs } from './parsed-refs.js';

const Body = z.object({ name: z.string(), queueIds: ref('queue', z.array(z.number())) });

describe('parsed references', () => {
  it('collects the ids of every input parsed inside a collection, across awaits, once', async () => {
    const taken = await collectingParsedRefs(async () => {
      parseInput(Body, { name: 'a', queueIds: [1, 2] });
      await new Promise((resolve) => setTimeout(resolve, 1));
      parseInput(Body, { name: 'b', queueIds: [3] });
      const first = takeParsedRefs();
      return { first, second: takeParsedRefs() };
    });
    expect(taken.first).toEqual([
      { path: 'queueIds', kind: 'queue', ids: [1, 2] },
      { path: 'queueIds', kind: 'queue', ids: [3] },
    ]);
    expect(taken.second).toEqual([]);
  });

  it('collects nothing outside a collection (inside a service) and keeps calls apart', async () => {
    parseInput(Body, { name: 'a', queueIds: [1] });
    expect(takeParsedRefs()).toEqual([]);
    const [a, b] = await Promise.all([
      collectingParsedRefs(async () => {
        parseInput(Body, { name: 'a', queueIds: [1] });
        await new Promise((resolve) => setTimeout(resolve, 5));
        return takeParsedRefs();
      }),
      collectingParsedRefs(async () => {
        parseInput(Body, { name: 'b', queueIds: [2] });
        return takeParsedRefs();
      }),
    ]);
    expect(a.map((r) => r.ids)).toEqual([[1]]);
    expect(b.map((r) => r.ids)).toEqual([[2]]);
  });
});
