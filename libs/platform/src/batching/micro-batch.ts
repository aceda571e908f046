export type MicroBatchOptions = {
  /** inputs handed to one run at most; default 100 */
  maxSize?: number;
  /** runs at once; default 1 */
  parallel?: number;
};

/**
 * Turns a function of many inputs into a function of one: the calls made while a run is going are
 * gathered and handed to the next run together, so a burst costs one round trip (one commit) per
 * batch instead of one per call, and a lone call is not held back. `run` answers one output per
 * input, in order; when it throws, every call of that batch rejects with its error.
 */
export function microBatch<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  options: MicroBatchOptions = {},
): (input: In) => Promise<Out> {
  const maxSize = options.maxSize ?? 100;
  const parallel = options.parallel ?? 1;
  type Call = { input: In; resolve: (output: Out) => void; reject: (err: unknown) => void };
  const waiting: Call[] = [];
  let running = 0;

  const runBatch = async (batch: Call[]) => {
    try {
      const outputs = await run(batch.map((call) => call.input));
      if (outputs.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${outputs.length} outputs`);
      batch.forEach((call, index) => call.resolve(outputs[index]!));
    } catch (err) {
      for (const call of batch) call.reject(err);
    }
  };

  const flush = () => {
    while (running < parallel && waiting.length > 0) {
      running += 1;
      void runBatch(waiting.splice(0, maxSize)).finally(() => {
        running -= 1;
        flush();
      });
    }
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      flush();
    });
}
