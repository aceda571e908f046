import type { Clock } from '@sb/platform/clock';

/** A clock that moves only when a test says so ("advance clock 30 min"). */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }

  set(at: Date): void {
    this.at = at.getTime();
  }
}
