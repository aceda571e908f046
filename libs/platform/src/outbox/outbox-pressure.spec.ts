import { reportOutboxProgress, whenOutboxCaughtUp } from './outbox-pressure.js';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

describe('outbox pressure', () => {
  it('lets a batch through at once while the relay keeps up', async () => {
    reportOutboxProgress('keeps_up', false);
    expect(await settled(whenOutboxCaughtUp('keeps_up'))).toBe(true);
    expect(await settled(whenOutboxCaughtUp('never_reported'))).toBe(true);
  });

  it('holds batches while the relay is behind and releases them all when it caught up', async () => {
    reportOutboxProgress('behind', true);
    const first = whenOutboxCaughtUp('behind');
    const second = whenOutboxCaughtUp('behind');
    expect(await settled(first)).toBe(false);
    reportOutboxProgress('behind', true);
    expect(await settled(second)).toBe(false);
    reportOutboxProgress('behind', false);
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
  });

  it('keeps schemas apart', async () => {
    reportOutboxProgress('tickets_x', true);
    reportOutboxProgress('campaigns_x', false);
    expect(await settled(whenOutboxCaughtUp('campaigns_x'))).toBe(true);
    const held = whenOutboxCaughtUp('tickets_x');
    expect(await settled(held)).toBe(false);
    reportOutboxProgress('tickets_x', false);
    expect(await settled(held)).toBe(true);
  });

  it('gives up waiting after the longest wait, so a stalled relay never stops the intake', async () => {
    reportOutboxProgress('stalled', true);
    const started = Date.now();
    await whenOutboxCaughtUp('stalled', 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    reportOutboxProgress('stalled', false);
  });
});
