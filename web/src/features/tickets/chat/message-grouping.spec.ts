import type { MessageRecord, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { applyMessagePayload, withDateSeparators } from './message-grouping.js';

const ticket = (id: number, extra: Partial<TicketRecord> = {}) =>
  ({ id, status: 'open', unreadMessages: 0, userId: 1, queueId: null, ...extra }) as TicketRecord;
const message = (id: string, createdAt: string) => ({ id, createdAt }) as MessageRecord;

describe('applyMessagePayload', () => {
  const m1 = { id: 'a', ticketId: 1, body: 'one' } as MessageRecord;
  const create = (message: MessageRecord) => ({
    action: 'create' as const,
    message,
    ticket: ticket(message.ticketId),
    contact: {} as TicketRecord['contact'],
  });
  it('appends a new message of the open ticket only', () => {
    const m2 = { id: 'b', ticketId: 1, body: 'two' } as MessageRecord;
    expect(applyMessagePayload([m1], create(m2), 1).map((m) => m.id)).toEqual(['a', 'b']);
    expect(applyMessagePayload([m1], create({ ...m2, ticketId: 2 }), 1)).toHaveLength(1);
  });
  it('replaces an updated message and marks a deleted one', () => {
    const edited = { ...create({ ...m1, body: 'edited' }), action: 'update' as const };
    expect(applyMessagePayload([m1], edited, 1)[0]?.body).toBe('edited');
    const gone = applyMessagePayload([m1], { action: 'delete', messageId: 'a', ticketId: 1 }, 1);
    expect(gone[0]?.isDeleted).toBe(true);
  });
});

describe('withDateSeparators', () => {
  it('adds a separator per day and marks today', () => {
    const now = new Date(2026, 10, 22, 15);
    const items = withDateSeparators(
      [
        message('a', new Date(2026, 10, 21, 10).toISOString()),
        message('b', new Date(2026, 10, 21, 11).toISOString()),
        message('c', new Date(2026, 10, 22, 9).toISOString()),
      ],
      now,
    );
    expect(items.map((i) => i.kind)).toEqual([
      'separator',
      'message',
      'message',
      'separator',
      'message',
    ]);
    expect(items[3]).toMatchObject({ kind: 'separator', today: true });
  });
});

describe('dates', () => {
  it('marks the separator of today', () => {
    const now = new Date(2026, 10, 24, 15, 0);
    const items = withDateSeparators(
      [
        message('a', new Date(2026, 10, 23, 10).toISOString()),
        message('b', new Date(2026, 10, 24, 10).toISOString()),
      ],
      now,
    );
    expect(
      items.filter((i) => i.kind === 'separator').map((i) => i.kind === 'separator' && i.today),
    ).toEqual([false, true]);
  });
});
