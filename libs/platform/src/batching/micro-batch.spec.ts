import { microBatch } from './micro-batch.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('microBatch', () => {
  it('runs a lone call at once and gathers the calls made meanwhile into the next run', async () => {
    const runs: number[][] = [];
    const double = microBatch(async (inputs: number[]) => {
      runs.push(inputs);
      await tick();
      return inputs.map((input) => input * 2);
    });
    const outputs = await Promise.all([1, 2, 3, 4].map((input) => double(input)));
    expect(outputs).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps runs within maxSize and runs `parallel` of them at once', async () => {
    let running = 0;
    let peak = 0;
    const sizes: number[] = [];
    const echo = microBatch(
      async (inputs: number[]) => {
        running += 1;
        peak = Math.max(peak, running);
        sizes.push(inputs.length);
        await tick();
        running -= 1;
        return inputs;
      },
      { maxSize: 3, parallel: 2 },
    );
    const inputs = Array.from({ length: 11 }, (_, i) => i);
    expect(await Promise.all(inputs.map((input) => echo(input)))).toEqual(inputs);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(peak).toBe(2);
  });

  it('rejects every call of a failed run, and later calls run again', async () => {
    let fail = true;
    const store = microBatch(async (inputs: string[]) => {
      await tick();
      if (fail) throw new Error('database down');
      return inputs.map((input) => input.length);
    });
    const first = await Promise.allSettled(['a', 'bb'].map((input) => store(input)));
    expect(first.every((result) => result.status === 'rejected')).toBe(true);
    fail = false;
    expect(await store('ccc')).toBe(3);
  });

  it('rejects when a run answers the wrong number of outputs', async () => {
    const broken = microBatch(async () => [] as number[]);
    await expect(broken(1)).rejects.toThrow('a batch of 1 answered 0 outputs');
  });
});
