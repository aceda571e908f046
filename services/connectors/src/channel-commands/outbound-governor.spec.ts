import { AppError } from '@sb/platform/errors';
import { outboundQueueDepth } from '@sb/platform/ops';
import { TransientChannelError } from '../drivers/channel-driver.js';
import { OutboundGovernor } from './outbound-governor.js';

function governorWithClock(ratePerSecond: number, maxAttempts = 3) {
  let clock = 0;
  const sleeps: number[] = [];
  const governor = new OutboundGovernor({
    ratePerSecond,
    maxAttempts,
    baseDelayMs: 100,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    random: () => 1,
  });
  return { governor, sleeps };
}

describe('OutboundGovernor', () => {
  it('lets a burst of `rate` sends through, then paces one per 1/rate seconds', async () => {
    const { governor, sleeps } = governorWithClock(2);
    for (let i = 0; i < 4; i += 1) await governor.run(1, async () => 'ok');
    expect(sleeps).toEqual([500, 500]);
  });

  it("gives an agent's send the way over a campaign's, which only uses the spare rate", async () => {
    const { governor, sleeps } = governorWithClock(10);
    // campaign sends empty the bucket down to the agents' reserve (2 of 10), then wait for spares
    for (let i = 0; i < 8; i += 1) await governor.run(1, async () => 'bulk', 'bulk');
    expect(sleeps).toEqual([]);
    await governor.run(1, async () => 'bulk', 'bulk');
    expect(sleeps).toEqual([100]);
    // the agent finds tokens ready: no wait, even right behind the campaign
    sleeps.length = 0;
    await governor.run(1, async () => 'agent');
    await governor.run(1, async () => 'agent');
    expect(sleeps).toEqual([]);
    // and the next campaign send waits until the reserve is back
    await governor.run(1, async () => 'bulk', 'bulk');
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(300);
  });

  it('reports the sends it holds per lane (the queue depth gauge) until each is done', async () => {
    const depth = async (lane: string) =>
      (await outboundQueueDepth.get()).values.find((v) => v.labels.lane === lane)?.value ?? 0;
    let wake: () => void = () => undefined;
    const governor = new OutboundGovernor({
      ratePerSecond: 1,
      maxAttempts: 1,
      baseDelayMs: 1,
      now: () => 0,
      // the second send of the bucket waits here until released
      sleep: () => new Promise<void>((resolve) => (wake = resolve)),
    });
    await governor.run(1, async () => 'first');
    const waiting = governor.run(1, async () => 'second');
    expect(await depth('agent')).toBe(1);
    expect(await depth('bulk')).toBe(0);
    wake();
    await waiting;
    expect(await depth('agent')).toBe(0);
  });

  it('keeps one bucket per connection', async () => {
    const { governor, sleeps } = governorWithClock(1);
    await governor.run(1, async () => 'a');
    await governor.run(2, async () => 'b');
    expect(sleeps).toEqual([]);
  });

  it('retries transient failures with backoff and answers the later success', async () => {
    const { governor, sleeps } = governorWithClock(100);
    let calls = 0;
    const result = await governor.run(1, async () => {
      calls += 1;
      if (calls < 3) throw new TransientChannelError('429');
      return 'sent';
    });
    expect(result).toBe('sent');
    expect(sleeps).toEqual([100, 200]);
  });

  it('waits at least what the channel asked for', () => {
    const { governor } = governorWithClock(10);
    expect(governor.delayAfter(1, 5000)).toBe(5000);
  });

  it('turns exhausted retries and permanent failures into ERR_SENDING_WAPP_MSG', async () => {
    const { governor } = governorWithClock(100, 2);
    await expect(
      governor.run(1, async () => {
        throw new TransientChannelError('503');
      }),
    ).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
    await expect(
      governor.run(1, async () => {
        throw new Error('bad request');
      }),
    ).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
  });

  it('passes catalogue errors of the driver through untouched', async () => {
    const { governor } = governorWithClock(100);
    await expect(
      governor.run(1, async () => {
        throw new AppError('ERR_WAPP_INVALID_CONTACT');
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });
});
