import type { ServiceName } from '@sb/contracts';
import type { OutboxEntry } from '../src/outbox/outbox.js';

/**
 * An outbox entry with free-form names and data: the outbox and relay mechanics under test do not
 * depend on the payload, which services' code gets checked against the contracts' event map.
 */
export const testEvent = (entry: {
  companyId: number;
  service: ServiceName;
  entity: string;
  action: string;
  data: unknown;
}): OutboxEntry => entry as unknown as OutboxEntry;
