import { SendLanes } from './send-lanes.js';

type Item = { lane: number; name: string };

/** Lanes whose items finish only when the test says so. */
const gated = (maxLanes: number) => {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const errors: string[] = [];
  const lanes = new SendLanes<Item>({
    laneOf: (item) => item.lane,
    run: (item) =>
      new Promise<void>((resolve, reject) => {
        started.push(item.name);
        gates.set(item.name, () =>
          item.name.startsWith('bad') ? reject(new Error('x')) : resolve(),
        );
      }),
    maxLanes,
    onError: (item) => errors.push(item.name),
  });
  const finish = async (name: string) => {
    gates.get(name)!();
    await lanes.next();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { lanes, started, finish, errors };
};
const item = (lane: number, name: string): Item => ({ lane, name });

describe('SendLanes', () => {
  it('runs lanes side by side and each lane one item at a time, in order', async () => {
    const { lanes, started, finish } = gated(8);
    lanes.add([item(1, 'a1'), item(2, 'b1'), item(1, 'a2'), item(2, 'b2'), item(1, 'a3')]);
    expect(started).toEqual(['a1', 'b1']);
    expect(lanes.pending).toBe(5);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('b1');
    await finish('a2');
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    await finish('b2');
    await finish('a3');
    expect(lanes.pending).toBe(0);
    await lanes.idle();
  });

  it('runs at most maxLanes lanes, handing a slot on after each item so no lane starves', async () => {
    const { lanes, started, finish } = gated(1);
    lanes.add([item(1, 'a1'), item(1, 'a2'), item(2, 'b1'), item(3, 'c1')]);
    expect(started).toEqual(['a1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1']);
    await finish('b1');
    expect(started).toEqual(['a1', 'b1', 'c1']);
    await finish('c1');
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    await finish('a2');
    expect(lanes.pending).toBe(0);
  });

  it('keeps going after an item throws, and reports it', async () => {
    const { lanes, started, finish, errors } = gated(2);
    lanes.add([item(1, 'bad1'), item(1, 'a2')]);
    await finish('bad1');
    expect(errors).toEqual(['bad1']);
    expect(started).toEqual(['bad1', 'a2']);
    await finish('a2');
    expect(lanes.pending).toBe(0);
  });

  it('gives back the items not started; those in flight finish', async () => {
    const { lanes, started, finish } = gated(8);
    lanes.add([item(1, 'a1'), item(1, 'a2'), item(2, 'b1'), item(2, 'b2')]);
    expect(lanes.queued).toBe(2);
    expect(lanes.takeWaiting().map((taken) => taken.name)).toEqual(['a2', 'b2']);
    expect(lanes.pending).toBe(2);
    await finish('a1');
    await finish('b1');
    expect(started).toEqual(['a1', 'b1']);
    await lanes.idle();
  });

  it('adds to a running lane behind what it holds', async () => {
    const { lanes, started, finish } = gated(8);
    lanes.add([item(1, 'a1')]);
    lanes.add([item(1, 'a2'), item(2, 'b1')]);
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('b1');
    await finish('a2');
    await lanes.idle();
  });
});
