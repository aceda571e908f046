import {
  Subjects,
  type Announcement,
  type AnnouncementMediaReply,
  type AnnouncementPage,
  type Help,
  type HelpPage,
  type RequestContext,
} from '@sb/contracts';
import {
  SEEDED_SUPER,
  useIdentityTestApp,
  type BusKind,
  IntegrationBuses,
} from './identity-test-app.js';

const S = Subjects.identity;

// Platform-wide content: super users of company 1 write, users of any company read.
const superUser = SEEDED_SUPER;
const admin: Partial<RequestContext> = { companyId: 7, userId: 70, profile: 'admin', super: false };
const agent: Partial<RequestContext> = { companyId: 8, userId: 80, profile: 'user', super: false };

describe.each<BusKind>(IntegrationBuses)('helps and announcements over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-helps-announcements-int-spec');
  const { run } = rig;

  const call = <T>(subject: string, data: unknown, ctx: Partial<RequestContext>) =>
    rig.app.request<T>(subject, data, ctx);

  const outbox = async (entity: string) => {
    const { rows } = await rig.app.db.query<{ subject: string; data: { record: Announcement } }>(
      `SELECT subject, payload AS data FROM identity.outbox_event
       WHERE subject LIKE $1 AND company_id = 0 ORDER BY seq`,
      [`evt.0.identity.${entity}.%`],
    );
    return rows;
  };

  run('lets a super user create, update, list and delete helps', async () => {
    const created = await call<Help>(
      S.helpCreate,
      { title: '  Connecting WhatsApp ', description: 'Pairing', video: 'dQw4w9WgXcQ' },
      superUser,
    );
    expect(created).toMatchObject({ title: 'Connecting WhatsApp', video: 'dQw4w9WgXcQ' });
    const updated = await call<Help>(
      S.helpUpdate,
      { id: created.id, title: 'Pairing a phone', description: '', video: 'abc-123_X' },
      superUser,
    );
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Pairing a phone',
      video: 'abc-123_X',
    });

    // every logged-in user of any company reads them
    const list = await call<Help[]>(S.helpListAll, {}, agent);
    expect(list.map((h) => h.id)).toContain(created.id);
    const page = await call<HelpPage>(S.helpList, { searchParam: 'pairing' }, admin);
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.helps[0]?.id).toBe(created.id);

    await expect(call(S.helpDelete, { id: created.id }, superUser)).resolves.toEqual({
      id: created.id,
    });
    await expect(call(S.helpDelete, { id: created.id }, superUser)).rejects.toMatchObject({
      code: 'ERR_NO_HELP_FOUND',
    });
  });

  run('refuses help writes from anyone but a super user, and anonymous reads', async () => {
    for (const ctx of [admin, agent]) {
      await expect(call(S.helpCreate, { title: 'x' }, ctx)).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      });
    }
    const help = await call<Help>(S.helpCreate, { title: 'Kept' }, superUser);
    await expect(call(S.helpUpdate, { id: help.id, title: 'y' }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(call(S.helpDelete, { id: help.id }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(rig.app.request(S.helpListAll, {})).rejects.toMatchObject({
      code: 'ERR_SESSION_EXPIRED',
    });
  });

  run('answers 400 naming the fields of a bad help', async () => {
    await expect(
      call(S.helpCreate, { title: '', video: 'https://evil.test/x' }, superUser),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { title: expect.any(Array), video: expect.any(Array) },
    });
  });

  run('runs announcement CRUD for super users with outbox events of company 0', async () => {
    const created = await call<Announcement>(
      S.announcementCreate,
      { title: 'Maintenance', text: 'Tonight at 22h' },
      superUser,
    );
    expect(created).toMatchObject({
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
    });
    await expect(call(S.announcementGet, { id: created.id }, superUser)).resolves.toMatchObject({
      title: 'Maintenance',
    });
    const updated = await call<Announcement>(
      S.announcementUpdate,
      { id: created.id, title: 'Maintenance', text: 'Moved to 23h', priority: 1, status: true },
      superUser,
    );
    expect(updated).toMatchObject({ text: 'Moved to 23h', priority: 1 });

    const withMedia = await call<AnnouncementMediaReply>(
      S.announcementMediaSet,
      { id: created.id, mediaPath: 'platform/announcements/a.png', mediaName: 'a.png' },
      superUser,
    );
    expect(withMedia).toMatchObject({
      previousMediaPath: null,
      record: { mediaPath: 'platform/announcements/a.png', mediaName: 'a.png' },
    });
    const cleared = await call<AnnouncementMediaReply>(
      S.announcementMediaClear,
      { id: created.id },
      superUser,
    );
    expect(cleared).toMatchObject({
      previousMediaPath: 'platform/announcements/a.png',
      record: { mediaPath: null, mediaName: null },
    });

    await call(S.announcementDelete, { id: created.id }, superUser);
    await expect(call(S.announcementGet, { id: created.id }, superUser)).rejects.toMatchObject({
      code: 'ERR_NO_ANNOUNCEMENT_FOUND',
    });
    const events = (await outbox('announcement')).filter((e) => e.data.record.id === created.id);
    expect(events.map((e) => e.subject)).toEqual([
      'evt.0.identity.announcement.created',
      'evt.0.identity.announcement.updated',
      'evt.0.identity.announcement.updated',
      'evt.0.identity.announcement.updated',
      'evt.0.identity.announcement.deleted',
    ]);
  });

  run('refuses announcement writes and single reads from non-super users', async () => {
    const record = await call<Announcement>(
      S.announcementCreate,
      { title: 'Only super', text: 'x' },
      superUser,
    );
    const body = { id: record.id, title: 't', text: 'x' };
    for (const ctx of [admin, agent]) {
      for (const [subject, data] of [
        [S.announcementCreate, { title: 't', text: 'x' }],
        [S.announcementUpdate, body],
        [S.announcementDelete, { id: record.id }],
        [S.announcementGet, { id: record.id }],
        [S.announcementMediaSet, { id: record.id, mediaPath: 'k', mediaName: 'n.png' }],
        [S.announcementMediaClear, { id: record.id }],
      ] as const) {
        await expect(call(subject, data, ctx)).rejects.toMatchObject({
          code: 'ERR_NO_PERMISSION',
        });
      }
    }
    await call(S.announcementDelete, { id: record.id }, superUser);
  });

  run('lists only active announcements to non-super users, all to super users', async () => {
    const active = await call<Announcement>(
      S.announcementCreate,
      { title: 'Visible news', text: 'a', priority: 2 },
      superUser,
    );
    const hidden = await call<Announcement>(
      S.announcementCreate,
      { title: 'Hidden news', text: 'b', status: false },
      superUser,
    );
    for (const ctx of [admin, agent]) {
      const page = await call<AnnouncementPage>(S.announcementList, { searchParam: 'news' }, ctx);
      expect(page.records.map((r) => r.id)).toEqual([active.id]);
    }
    const all = await call<AnnouncementPage>(
      S.announcementList,
      { searchParam: 'NEWS', pageNumber: 1 },
      superUser,
    );
    expect(all.records.map((r) => r.id)).toEqual([hidden.id, active.id]);
    expect(all.hasMore).toBe(false);
  });

  run('pages announcements newest first with hasMore', async () => {
    for (let i = 0; i < 21; i += 1) {
      await call(S.announcementCreate, { title: `Paged ${i}`, text: 't' }, superUser);
    }
    const first = await call<AnnouncementPage>(S.announcementList, { searchParam: 'paged' }, agent);
    expect(first.records).toHaveLength(20);
    expect(first.records[0]?.title).toBe('Paged 20');
    expect(first.hasMore).toBe(true);
    const second = await call<AnnouncementPage>(
      S.announcementList,
      { searchParam: 'paged', pageNumber: '2' },
      agent,
    );
    expect(second.records.map((r) => r.title)).toEqual(['Paged 0']);
    expect(second.hasMore).toBe(false);
  });

  run('answers 400 naming the fields of a bad announcement', async () => {
    await expect(
      call(S.announcementCreate, { title: ' ', text: '', priority: 4 }, superUser),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { title: expect.any(Array), text: expect.any(Array), priority: expect.any(Array) },
    });
    await expect(
      call(S.announcementUpdate, { id: 999999, title: 't', text: 'x' }, superUser),
    ).rejects.toMatchObject({ code: 'ERR_NO_ANNOUNCEMENT_FOUND' });
  });
});
