import { jest } from '@jest/globals';
import {
  companyPoller,
  msOrOffOf,
  perCompany,
  pollMsOf,
  Poller,
  PollingProvider,
} from './poller.js';

const logger = { error: jest.fn(), warn: jest.fn() };
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A pass that waits until the test lets it end. */
const gatedPass = () => {
  const calls: (() => void)[] = [];
  const pass = jest.fn(() => new Promise<void>((resolve) => calls.push(resolve)));
  return { pass, release: () => calls.shift()?.() };
};

describe('Poller', () => {
  beforeEach(() => jest.clearAllMocks());

  it('runs a pass every interval and stops on stop', async () => {
    jest.useFakeTimers();
    try {
      const pass = jest.fn(() => Promise.resolve());
      const poller = new Poller({ name: 'job', everyMs: 100, pass, logger });
      poller.start();
      expect(pass).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(250);
      expect(pass).toHaveBeenCalledTimes(2);
      await poller.stop();
      expect(poller.stopping).toBe(true);
      await jest.advanceTimersByTimeAsync(500);
      expect(pass).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs a first pass at start when asked, and no timer with everyMs 0', async () => {
    const pass = jest.fn(() => Promise.resolve());
    const poller = new Poller({ name: 'job', everyMs: 0, pass, logger, passAtStart: true });
    poller.start();
    await flush();
    expect(pass).toHaveBeenCalledTimes(1);
    await poller.stop();
  });

  it('never runs two passes at once; a call during a pass makes one more pass after it', async () => {
    const { pass, release } = gatedPass();
    const poller = new Poller({ name: 'job', everyMs: 0, pass, logger });
    const first = poller.run();
    const second = poller.run();
    const third = poller.run();
    expect(second).toBe(third);
    await flush();
    expect(pass).toHaveBeenCalledTimes(1);
    release();
    await first;
    await flush();
    expect(pass).toHaveBeenCalledTimes(2);
    release();
    await second;
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('logs a failed pass and keeps running the next ones', async () => {
    const pass = jest
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(undefined);
    const poller = new Poller({ name: 'job', everyMs: 0, pass, logger });
    await poller.run();
    expect(logger.error).toHaveBeenCalledWith(expect.anything(), 'job pass failed');
    await poller.run();
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('stop waits for the pass in progress and runs no more', async () => {
    const { pass, release } = gatedPass();
    const poller = new Poller({ name: 'job', everyMs: 0, pass, logger });
    void poller.run();
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    release();
    await stopping;
    await poller.run();
    expect(pass).toHaveBeenCalledTimes(1);
  });
});

describe('perCompany', () => {
  it('runs each company at the pass time; one failing does not stop the others', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const done: number[] = [];
    const pass = perCompany({
      name: 'alerts',
      now: () => now,
      companies: async () => [1, 2, 3],
      runCompany: async (companyId, at) => {
        expect(at).toBe(now);
        if (companyId === 2) throw new Error('down');
        done.push(companyId);
      },
      logger,
    });
    await pass();
    expect(done).toEqual([1, 3]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ companyId: 2 }),
      'alerts failed for a company',
    );
  });
});

describe('pollMsOf', () => {
  it('reads a number of at least 10 ms, else the default', () => {
    expect(pollMsOf('250', 5000)).toBe(250);
    expect(pollMsOf(undefined, 5000)).toBe(5000);
    expect(pollMsOf('5', 5000)).toBe(5000);
    expect(pollMsOf('soon', 5000)).toBe(5000);
  });
});

describe('msOrOffOf', () => {
  it('reads any number from 0 up (0 turns the timer off), else the default', () => {
    expect(msOrOffOf('0', 5000)).toBe(0);
    expect(msOrOffOf('5', 5000)).toBe(5);
    expect(msOrOffOf(undefined, 5000)).toBe(5000);
    expect(msOrOffOf('-1', 5000)).toBe(5000);
    expect(msOrOffOf('soon', 5000)).toBe(5000);
  });
});

describe('companyPoller', () => {
  it('runs each company with work at the time of the pass', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const done: [number, Date][] = [];
    const poller = companyPoller({
      name: 'alerts',
      everyMs: 0,
      now: () => at,
      companies: (now) => Promise.resolve(now === at ? [4, 7] : []),
      runCompany: async (companyId, now) => void done.push([companyId, now]),
      logger,
    });
    await poller.run();
    expect(done).toEqual([
      [4, at],
      [7, at],
    ]);
  });
});

describe('PollingProvider', () => {
  it('starts its poller with the application, runs a pass on tick and stops with it', async () => {
    const pass = jest.fn(() => Promise.resolve());
    class Job extends PollingProvider {
      protected readonly poller = new Poller({ name: 'job', everyMs: 0, pass, logger });
    }
    const job = new Job();
    job.onApplicationBootstrap();
    await job.tick();
    expect(pass).toHaveBeenCalledTimes(1);
    await job.onModuleDestroy();
    await job.tick();
    expect(pass).toHaveBeenCalledTimes(1);
  });
});
