import type { MessageRecord, TicketRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionsForStatus,
  applyMessagePayload,
  applyNotification,
  applyTicketPayload,
  composeBody,
  dayLabel,
  defaultSendAt,
  displayNumber,
  filterQuickReplies,
  isTagRequiredError,
  keepsRecording,
  logTimeline,
  lastMessagePreview,
  nextAudioRate,
  openTicketHolder,
  rowTime,
  scheduleErrors,
  shouldNotify,
  speedDialActions,
  storedAudioRate,
  withDateSeparators,
} from './ticket-logic.js';

const ticket = (id: number, extra: Partial<TicketRecord> = {}) =>
  ({ id, status: 'open', unreadMessages: 0, userId: 1, queueId: null, ...extra }) as TicketRecord;
const message = (id: string, createdAt: string) => ({ id, createdAt }) as MessageRecord;

describe('applyTicketPayload', () => {
  const list = [ticket(1), ticket(2), ticket(3)];
  const open = { status: 'open' as const };
  it('moves an unread ticket to the top', () => {
    const out = applyTicketPayload(
      list,
      { action: 'update', ticket: ticket(3, { unreadMessages: 2 }) },
      open,
    );
    expect(out.map((t) => t.id)).toEqual([3, 1, 2]);
  });
  it('keeps a read ticket in place and drops one of another status', () => {
    expect(
      applyTicketPayload(list, { action: 'update', ticket: ticket(2) }, open).map((t) => t.id),
    ).toEqual([1, 2, 3]);
    const closed = applyTicketPayload(
      list,
      { action: 'update', ticket: ticket(2, { status: 'closed' }) },
      open,
    );
    expect(closed.map((t) => t.id)).toEqual([1, 3]);
  });
  it('resets unread and removes deleted tickets', () => {
    const unread = [ticket(1, { unreadMessages: 4 })];
    expect(
      applyTicketPayload(unread, { action: 'updateUnread', ticketId: 1 }, open)[0]?.unreadMessages,
    ).toBe(0);
    expect(applyTicketPayload(list, { action: 'delete', ticketId: 1 }, open)).toHaveLength(2);
  });
  it('adds a new ticket of the tab at the top but leaves the search list alone', () => {
    const fresh = { action: 'update' as const, ticket: ticket(9) };
    expect(applyTicketPayload(list, fresh, open).map((t) => t.id)).toEqual([9, 1, 2, 3]);
    expect(applyTicketPayload(list, fresh, {}).map((t) => t.id)).toEqual([1, 2, 3]);
  });
  it('drops tickets of other queues and, on the open tab, of other users unless show-all', () => {
    const other = { action: 'update' as const, ticket: ticket(2, { queueId: 7 }) };
    expect(applyTicketPayload(list, other, { ...open, queueIds: [1] }).map((t) => t.id)).toEqual([
      1, 3,
    ]);
    const theirs = { action: 'update' as const, ticket: ticket(2, { userId: 5 }) };
    expect(applyTicketPayload(list, theirs, open, 1).map((t) => t.id)).toEqual([1, 3]);
    expect(applyTicketPayload(list, theirs, { ...open, showAll: true }, 1)).toHaveLength(3);
  });
});

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

describe('openTicketHolder', () => {
  it('reads the holder of ERR_OTHER_OPEN_TICKET only', () => {
    const holder = { id: 4, uuid: 'u', status: 'open', userId: 2, user: null, queue: null };
    const error = { status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', details: holder } };
    expect(openTicketHolder(error)).toEqual(holder);
    expect(openTicketHolder({ status: 400, data: { error: 'ERR_OTHER' } })).toBeNull();
  });
});

describe('actionsForStatus', () => {
  it('follows the status', () => {
    expect(actionsForStatus('pending')).toEqual(['accept', 'transfer', 'ignore', 'return']);
    expect(actionsForStatus('open')).toContain('close');
    expect(actionsForStatus('group')).not.toContain('return');
    expect(actionsForStatus('closed')).toEqual(['reopen']);
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

describe('nextAudioRate', () => {
  it('cycles 0.5, 1, 1.5, 2', () => {
    expect([0.5, 1, 1.5, 2].map(nextAudioRate)).toEqual([1, 1.5, 2, 0.5]);
  });
});

describe('composer helpers', () => {
  it('filters quick replies only after "/"', () => {
    const replies = [{ shortcode: 'hello' }, { shortcode: 'bye' }];
    expect(filterQuickReplies('hel', replies)).toEqual([]);
    expect(filterQuickReplies('/HE', replies)).toEqual([{ shortcode: 'hello' }]);
    expect(filterQuickReplies('/', replies)).toHaveLength(2);
  });
  it('asks the server to sign public messages only and refuses empty text', () => {
    expect(composeBody('  ', { sign: true, isPrivate: false })).toBeNull();
    expect(composeBody(' hi ', { sign: true, isPrivate: false })).toEqual({
      body: 'hi',
      signMessage: true,
    });
    expect(composeBody('hi', { sign: true, isPrivate: true })?.signMessage).toBe(false);
  });
  it('previews last messages', () => {
    expect(lastMessagePreview('x'.repeat(50)).text).toHaveLength(43);
    expect(lastMessagePreview('BEGIN:VCARD\n').kind).toBe('contact');
  });
});

describe('shouldNotify', () => {
  const user = { id: 1, allTicket: 'disable' as const, queues: [{ id: 5 }] };
  it('rings for mine or unassigned in my queues', () => {
    expect(shouldNotify(ticket(1, { userId: 1, queueId: 5 }), user)).toBe(true);
    expect(shouldNotify(ticket(1, { userId: 2 }), user)).toBe(false);
    expect(shouldNotify(ticket(1, { userId: null, queueId: 9 }), user)).toBe(false);
    expect(shouldNotify(ticket(1, { userId: null, status: 'pending' }), user)).toBe(false);
    expect(
      shouldNotify(ticket(1, { userId: null, status: 'pending' }), {
        ...user,
        allTicket: 'enable',
      }),
    ).toBe(true);
  });
});

describe('applyNotification', () => {
  const me = { id: 1, allTicket: 'disable' as const, queues: [{ id: 5 }] };
  const incoming = (extra: Partial<TicketRecord>, fromMe = false) => ({
    kind: 'message' as const,
    payload: {
      action: 'create' as const,
      message: { id: 'x', ticketId: extra.id ?? 1, fromMe, isPrivate: false } as MessageRecord,
      ticket: ticket(extra.id ?? 1, { unreadMessages: 1, queueId: 5, ...extra }),
      contact: {} as TicketRecord['contact'],
    },
  });
  it('rings and lists a contact message on my ticket', () => {
    const out = applyNotification([ticket(2, { unreadMessages: 1 })], incoming({ id: 1 }), me);
    expect(out.ring?.id).toBe(1);
    expect(out.tickets.map((t) => t.id)).toEqual([1, 2]);
  });
  it('stays silent for my own messages and for other users tickets', () => {
    expect(applyNotification([], incoming({ id: 1 }, true), me).ring).toBeNull();
    expect(applyNotification([], incoming({ id: 1, userId: 9 }), me).ring).toBeNull();
  });
  it('drops a ticket once read or deleted', () => {
    const list = [ticket(1, { unreadMessages: 1, queueId: 5 })];
    const read = {
      kind: 'ticket' as const,
      payload: { action: 'updateUnread' as const, ticketId: 1 },
    };
    expect(applyNotification(list, read, me).tickets).toEqual([]);
  });
});

describe('displayNumber', () => {
  it('masks 13 and 12 digit numbers and leaves the rest as the API answered them', () => {
    expect(displayNumber('5511999887766')).toBe('+55 (11) 99988-7766');
    expect(displayNumber('551133224455')).toBe('+55 (11) 3322-4455');
    // lgpdHideNumber masking is the API's: shown as is
    expect(displayNumber('***********66')).toBe('***********66');
    expect(displayNumber('12036302-1234@g.us')).toBe('12036302-1234@g.us');
    expect(displayNumber('99887766')).toBe('99887766');
  });
});

describe('dates', () => {
  it('shows HH:mm for today and dd/MM/yyyy otherwise', () => {
    const now = new Date(2026, 10, 24, 15, 0);
    expect(rowTime(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe('09:05');
    expect(rowTime(new Date(2026, 0, 3, 9, 5).toISOString(), now)).toBe('03/01/2026');
    expect(dayLabel(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('31/12/2025');
  });

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

describe('audio', () => {
  it('keeps recordings of 10,000 bytes or more', () => {
    expect(keepsRecording(9_999)).toBe(false);
    expect(keepsRecording(10_000)).toBe(true);
  });

  it('reads the stored playback rate, 1 when missing or unknown', () => {
    localStorage.removeItem('audioMessageRate');
    expect(storedAudioRate()).toBe(1);
    localStorage.setItem('audioMessageRate', '1.5');
    expect(storedAudioRate()).toBe(1.5);
    localStorage.setItem('audioMessageRate', '3');
    expect(storedAudioRate()).toBe(1);
    localStorage.removeItem('audioMessageRate');
  });
});

describe('speedDialActions', () => {
  it('offers close all only with tickets-manager:closeAll', () => {
    expect(speedDialActions({ profile: 'admin' })).toEqual(['newTicket', 'closeAll']);
    expect(speedDialActions({ profile: 'user' })).toEqual(['newTicket']);
  });
});

describe('isTagRequiredError', () => {
  it('recognises the requiredTag refusal only', () => {
    expect(isTagRequiredError({ status: 400, data: { error: 'ERR_TICKET_TAG_REQUIRED' } })).toBe(
      true,
    );
    expect(isTagRequiredError({ status: 400, data: { error: 'ERR_VALIDATION' } })).toBe(false);
    expect(isTagRequiredError({ status: 'FETCH_ERROR' })).toBe(false);
  });
});

describe('schedule form', () => {
  it('defaults the send time to one hour ahead', () => {
    expect(defaultSendAt(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-25T00:30');
  });

  it('needs a body of 5 characters and a send time', () => {
    expect(scheduleErrors({ body: '', sendAt: '' })).toEqual({
      body: 'schedule.required',
      sendAt: 'schedule.required',
    });
    expect(scheduleErrors({ body: ' hey ', sendAt: '2026-11-25T00:30' })).toEqual({
      body: 'schedule.tooShort',
    });
    expect(scheduleErrors({ body: 'hello', sendAt: '2026-11-25T00:30' })).toEqual({});
  });
});

describe('logTimeline', () => {
  it('orders the log oldest first', () => {
    const entries = [
      { id: 2, createdAt: '2026-11-24T10:00:00.000Z' },
      { id: 1, createdAt: '2026-11-24T09:00:00.000Z' },
      { id: 3, createdAt: '2026-11-24T10:00:00.000Z' },
    ];
    expect(logTimeline(entries).map((e) => e.id)).toEqual([1, 2, 3]);
  });
});
