import {
  Subjects,
  type QuickMessage,
  type QuickMessageListItem,
  type QuickMessagePage,
} from '@sb/contracts';
import { callers, startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;
const { admin, agent, colleague, otherAdmin } = callers;

describe('quick messages', () => {
  let app: TicketsTestApp;
  let general: QuickMessage;
  let personal: QuickMessage;

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-quick-messages-int-spec');
    general = await app.call<QuickMessage>(
      S.quickMessageCreate,
      { shortcode: 'hello', message: 'Hello {{name}}', geral: true },
      admin,
    );
    personal = await app.call<QuickMessage>(
      S.quickMessageCreate,
      { shortcode: 'bye', message: 'Bye!' },
      agent,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('shows each user their own and the general ones', async () => {
    const mine = await app.call<QuickMessagePage>(S.quickMessagePage, {}, agent);
    expect(mine.records.map((r) => r.shortcode)).toEqual(['bye', 'hello']);
    expect(mine.hasMore).toBe(false);
    const theirs = await app.call<QuickMessagePage>(S.quickMessagePage, {}, colleague);
    expect(theirs.records.map((r) => r.shortcode)).toEqual(['hello']);
    const searched = await app.call<QuickMessagePage>(
      S.quickMessagePage,
      { searchParam: 'by' },
      agent,
    );
    expect(searched.records.map((r) => r.shortcode)).toEqual(['bye']);
    const composer = await app.call<QuickMessageListItem[]>(S.quickMessageList, {}, agent);
    expect(composer).toEqual([
      expect.objectContaining({ shortcode: 'bye', message: 'Bye!', mediaPath: null }),
      expect.objectContaining({ shortcode: 'hello' }),
    ]);
    const other = await app.call<QuickMessagePage>(S.quickMessagePage, {}, otherAdmin);
    expect(other.records).toEqual([]);
  });

  it('keeps the general flag and general messages to admins', async () => {
    await expect(
      app.call(S.quickMessageCreate, { shortcode: 'x', geral: true }, agent),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(
      app.call(S.quickMessageUpdate, { id: general.id, shortcode: 'hi' }, agent),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(app.call(S.quickMessageDelete, { id: general.id }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(app.call(S.quickMessageGet, { id: personal.id }, colleague)).rejects.toMatchObject(
      {
        code: 'ERR_NOT_FOUND',
      },
    );
    await expect(app.call(S.quickMessageGet, { id: general.id }, otherAdmin)).rejects.toMatchObject(
      {
        code: 'ERR_NOT_FOUND',
      },
    );
    await expect(app.call(S.quickMessageCreate, { shortcode: ' ' }, agent)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
    const edited = await app.call<QuickMessage>(
      S.quickMessageUpdate,
      { id: personal.id, shortcode: 'bye', message: 'See you' },
      agent,
    );
    expect(edited).toMatchObject({ message: 'See you', geral: false, userId: 11 });
    // an admin may edit anyone's
    await expect(
      app.call<QuickMessage>(S.quickMessageUpdate, { id: personal.id, shortcode: 'bye2' }, admin),
    ).resolves.toMatchObject({ shortcode: 'bye2', userId: 11 });
  });

  it('records and clears an attachment, answering the previous file', async () => {
    const withMedia = await app.call<QuickMessage & { previousMediaPath: string | null }>(
      S.quickMessageMediaSet,
      { id: personal.id, mediaPath: 'c1/quick-messages/a.png', mediaName: 'a.png' },
      agent,
    );
    expect(withMedia).toMatchObject({ isMedia: true, mediaName: 'a.png', previousMediaPath: null });
    expect(withMedia.mediaUrl).toMatch(/^\/media\/c1\/quick-messages\/a\.png\?/);
    const cleared = await app.call<QuickMessage & { previousMediaPath: string | null }>(
      S.quickMessageMediaDelete,
      { id: personal.id },
      agent,
    );
    expect(cleared).toMatchObject({ isMedia: false, previousMediaPath: 'c1/quick-messages/a.png' });
  });

  it('deletes and emits events', async () => {
    await expect(app.call(S.quickMessageDelete, { id: personal.id }, agent)).resolves.toMatchObject(
      { id: personal.id },
    );
    const { rows } = await app.db.query<{ subject: string }>(
      `SELECT subject FROM tickets.outbox_event WHERE subject LIKE 'evt.1.tickets.quick-message.%' ORDER BY seq`,
    );
    expect(rows.map((r) => r.subject.split('.').at(-1))).toEqual([
      'created',
      'created',
      'updated',
      'updated',
      'updated',
      'updated',
      'deleted',
    ]);
  });

  it('keeps the fields an update leaves out', async () => {
    const edited = await app.call<QuickMessage>(
      S.quickMessageUpdate,
      { id: general.id, message: 'Hello again' },
      admin,
    );
    expect(edited).toMatchObject({ shortcode: 'hello', message: 'Hello again', geral: true });
    const hidden = await app.call<QuickMessage>(
      S.quickMessageUpdate,
      { id: general.id, status: false },
      admin,
    );
    expect(hidden).toMatchObject({ message: 'Hello again', geral: true, status: false });
    await app.call(S.quickMessageUpdate, { id: general.id, status: true }, admin);
  });
});
