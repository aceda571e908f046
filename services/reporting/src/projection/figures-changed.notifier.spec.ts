import { jest } from '@jest/globals';
import type { DomainEvent } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { FiguresChangedNotifier } from './figures-changed.notifier.js';

const of = (companyId: number) => ({ companyId }) as DomainEvent;

describe('figures-changed notices', () => {
  const sent: string[] = [];
  const bus = {
    publish: async (event: DomainEvent) => void sent.push(event.subject),
  } as unknown as Bus;
  let notifier: FiguresChangedNotifier;

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    sent.length = 0;
    notifier = new FiguresChangedNotifier(bus, {} as Logger);
  });
  afterEach(() => {
    notifier.onModuleDestroy();
    jest.useRealTimers();
  });

  it('tells a quiet company at once, then once at the end of its second however many batches came', () => {
    notifier.committed([of(7), of(7), of(8)]);
    expect(sent).toEqual(['evt.7.reporting.figures.changed', 'evt.8.reporting.figures.changed']);
    jest.advanceTimersByTime(300);
    notifier.committed([of(7)]);
    notifier.committed([of(7)]);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(699);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([
      'evt.7.reporting.figures.changed',
      'evt.8.reporting.figures.changed',
      'evt.7.reporting.figures.changed',
    ]);
    // company 8 had nothing new: no second notice
    jest.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(3);
  });

  it('sends nothing for platform-wide events', () => {
    notifier.committed([of(0)]);
    expect(sent).toEqual([]);
  });
});
