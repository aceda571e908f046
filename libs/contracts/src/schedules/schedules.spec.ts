import {
  isFutureSendAt,
  ScheduleCreateInput,
  ScheduleInput,
  ScheduleListQuery,
  scheduleBodyPreview,
} from './schedules.js';

/** The first message of each failing field, as a form shows it. */
const messagesOf = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

const future = () => new Date(Date.now() + 3_600_000).toISOString();

describe('schedule inputs (spec 1 §5)', () => {
  it('accepts a body, a contact and a send time', () => {
    const parsed = ScheduleCreateInput.parse({
      body: '  Hello there  ',
      contactId: '7',
      sendAt: future(),
      userId: 3,
      ticketId: '',
    });
    expect(parsed).toMatchObject({ body: 'Hello there', contactId: 7, userId: 3 });
    expect(parsed.sendAt).toBeInstanceOf(Date);
    expect(parsed.ticketId).toBeUndefined();
  });

  it('says "Mensagem muito curta" under 5 characters and "Obrigatório" when missing', () => {
    expect(
      messagesOf(ScheduleInput.safeParse({ body: 'Hey', contactId: 1, sendAt: future() })),
    ).toEqual({
      body: 'Mensagem muito curta',
    });
    expect(messagesOf(ScheduleInput.safeParse({ body: 'Hello there' }))).toEqual({
      contactId: 'Obrigatório',
      sendAt: 'Obrigatório',
    });
    expect(
      messagesOf(ScheduleInput.safeParse({ body: '', contactId: 1, sendAt: 'not a date' })),
    ).toEqual({ body: 'Obrigatório', sendAt: 'Obrigatório' });
  });

  it('caps the body at 5000 characters', () => {
    const long = ScheduleInput.safeParse({
      body: 'x'.repeat(5001),
      contactId: 1,
      sendAt: future(),
    });
    expect(long.success).toBe(false);
    expect(
      ScheduleInput.safeParse({ body: 'x'.repeat(5000), contactId: 1, sendAt: future() }).success,
    ).toBe(true);
  });

  it('wants a new schedule in the future (a minute of clock skew allowed)', () => {
    const past = new Date(Date.now() - 5 * 60_000).toISOString();
    expect(
      messagesOf(
        ScheduleCreateInput.safeParse({ body: 'Hello there', contactId: 1, sendAt: past }),
      ),
    ).toEqual({ sendAt: 'Must be in the future' });
    // an edit may keep a time that has passed (the schedule is then sent at once)
    expect(
      ScheduleInput.safeParse({ body: 'Hello there', contactId: 1, sendAt: past }).success,
    ).toBe(true);
    const now = new Date('2026-01-01T10:00:00Z');
    expect(isFutureSendAt(new Date('2026-01-01T09:59:30Z'), now)).toBe(true);
    expect(isFutureSendAt(new Date('2026-01-01T09:58:00Z'), now)).toBe(false);
  });

  it('reads the list query with defaults', () => {
    expect(ScheduleListQuery.parse({})).toEqual({ searchParam: '', pageNumber: 1 });
    expect(
      ScheduleListQuery.parse({ searchParam: ' ana ', pageNumber: '2', contactId: '4' }),
    ).toEqual({ searchParam: 'ana', pageNumber: 2, contactId: 4 });
  });

  it('cuts the list preview at 25 characters plus an ellipsis', () => {
    expect(scheduleBodyPreview('short')).toBe('short');
    expect(scheduleBodyPreview('x'.repeat(25))).toBe('x'.repeat(25));
    expect(scheduleBodyPreview('abcdefghijklmnopqrstuvwxyz0')).toBe('abcdefghijklmnopqrstuvwxy...');
  });
});
