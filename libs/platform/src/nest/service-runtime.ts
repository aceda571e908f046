import type { Clock } from '../clock/index.js';
import type { Bus } from '../bus/bus.types.js';
import type { Logger } from '../logger/create-logger.js';

/** What a service needs from whoever runs it (its own process, or the standalone). */
export type ServiceRuntime = {
  bus: Bus;
  databaseUrl: string;
  logger?: Logger;
  env?: Record<string, string | undefined>;
  /** the time rules and jobs read (default: the system clock) */
  clock?: Clock;
};

export type RunningService = { name: string; close(): Promise<void> };
