import {
  isBeingSent,
  isDue,
  isEditable,
  MaxSendAttempts,
  mayDelete,
  mayRead,
  sendOutcome,
} from './schedule-rules.js';

const now = new Date('2026-03-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('who reads and changes a schedule', () => {
  it('lets an agent read their own only, an admin every one', () => {
    expect(mayRead({ userId: 5, admin: false }, { userId: 5 })).toBe(true);
    expect(mayRead({ userId: 5, admin: false }, { userId: 6 })).toBe(false);
    expect(mayRead({ userId: 1, admin: true }, { userId: 6 })).toBe(true);
  });

  it('keeps deleting to admins', () => {
    expect(mayDelete({ userId: 5, admin: false })).toBe(false);
    expect(mayDelete({ userId: 1, admin: true })).toBe(true);
  });
});

describe('when a schedule may still change', () => {
  it('changes only while waiting and not held by a sender', () => {
    expect(isEditable({ status: 'PENDENTE', lockedUntil: null }, now)).toBe(true);
    expect(isEditable({ status: 'PENDENTE', lockedUntil: at(-1) }, now)).toBe(true);
    expect(isEditable({ status: 'PENDENTE', lockedUntil: at(60_000) }, now)).toBe(false);
    expect(isEditable({ status: 'ENVIADA', lockedUntil: null }, now)).toBe(false);
    expect(isEditable({ status: 'ERRO', lockedUntil: null }, now)).toBe(false);
  });

  it('sees a claim as held until its lease runs out', () => {
    expect(isBeingSent({ lockedUntil: null }, now)).toBe(false);
    expect(isBeingSent({ lockedUntil: at(1) }, now)).toBe(true);
    expect(isBeingSent({ lockedUntil: now }, now)).toBe(false);
  });
});

describe('which schedules are due', () => {
  const waiting = { status: 'PENDENTE' as const, lockedUntil: null };

  it('is due once its time is reached, however long ago (missed while down)', () => {
    expect(isDue({ ...waiting, dueAt: now }, now)).toBe(true);
    expect(isDue({ ...waiting, dueAt: at(-3 * 86_400_000) }, now)).toBe(true);
    expect(isDue({ ...waiting, dueAt: at(1_000) }, now)).toBe(false);
  });

  it('is not due when sent, failed or held by another sender', () => {
    expect(isDue({ status: 'ENVIADA', lockedUntil: null, dueAt: at(-1) }, now)).toBe(false);
    expect(isDue({ status: 'ERRO', lockedUntil: null, dueAt: at(-1) }, now)).toBe(false);
    expect(isDue({ ...waiting, lockedUntil: at(30_000), dueAt: at(-1) }, now)).toBe(false);
    expect(isDue({ ...waiting, lockedUntil: at(-1), dueAt: at(-1) }, now)).toBe(true);
  });
});

describe('what a failed send leads to', () => {
  it('records a refusal at once (ERRO with its code)', () => {
    expect(sendOutcome('ERR_NO_DEF_WAPP_FOUND', 1)).toEqual({
      kind: 'failed',
      error: 'ERR_NO_DEF_WAPP_FOUND',
    });
    expect(sendOutcome('ERR_WAPP_NOT_INITIALIZED', 1).kind).toBe('failed');
    expect(sendOutcome('ERR_CONTACT_BLOCKED', 1).kind).toBe('failed');
  });

  it('retries tickets not answering with a growing delay, then gives up', () => {
    expect(sendOutcome('ERR_SERVICE_TIMEOUT', 1)).toEqual({
      kind: 'retry',
      error: 'ERR_SERVICE_TIMEOUT',
      retryInMs: 5_000,
    });
    expect(sendOutcome('ERR_SERVICE_UNAVAILABLE', 2)).toMatchObject({ retryInMs: 10_000 });
    expect(sendOutcome('ERR_INTERNAL', 7)).toMatchObject({ retryInMs: 320_000 });
    expect(sendOutcome('ERR_SERVICE_UNAVAILABLE', MaxSendAttempts)).toEqual({
      kind: 'failed',
      error: 'ERR_SERVICE_UNAVAILABLE',
    });
  });
});
