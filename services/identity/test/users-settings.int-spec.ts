import {
  Subjects,
  UsersPageSize,
  type RequestContext,
  type SessionUser,
  type SettingEntry,
  type UserRecord,
  type UsersPage,
} from '@sb/contracts';
import type { UserFixture } from '@sb/testing';
import { useIdentityTestApp, type BusKind, IntegrationBuses } from './identity-test-app.js';

const S = Subjects.identity;

type Who = Pick<RequestContext, 'companyId' | 'userId' | 'profile' | 'super'>;
const as = (user: UserFixture, profile: 'admin' | 'user', isSuper = false): Who => ({
  companyId: user.companyId,
  userId: user.id,
  profile,
  super: isSuper,
});

const code = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'unknown',
  );

describe.each<BusKind>(IntegrationBuses)('users and settings over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-users-int-spec');
  let companyA: number;
  let companyB: number;
  let adminA: Who;
  let userA: Who;
  let userAUser: UserFixture;
  let adminB: Who;
  let superUser: Who;

  beforeAll(async () => {
    if (!rig.bus) return;
    companyA = (await rig.app.given.newCompany({ name: 'Users A' })).id;
    companyB = (await rig.app.given.newCompany({ name: 'Users B' })).id;
    adminA = as(
      await rig.app.given.newUser(companyA, { email: 'admin@a.test', profile: 'admin' }),
      'admin',
    );
    userAUser = await rig.app.given.newUser(companyA, { email: 'user@a.test' });
    userA = as(userAUser, 'user');
    adminB = as(
      await rig.app.given.newUser(companyB, { email: 'admin@b.test', profile: 'admin' }),
      'admin',
    );
    const { rows } = await rig.app.db.query<{ id: number; company_id: number }>(
      'SELECT id, company_id FROM identity.users WHERE super LIMIT 1',
    );
    superUser = {
      companyId: rows[0]!.company_id,
      userId: rows[0]!.id,
      profile: 'admin',
      super: true,
    };
  });

  const { run } = rig;

  const newUser = (who: Who, body: object) => rig.app.request<UserRecord>(S.userCreate, body, who);

  run('an admin creates a user with queues; the password is never answered', async () => {
    const created = await newUser(adminA, {
      name: 'Carla',
      email: 'Carla@A.test',
      password: 'secret1',
      profile: 'user',
      queueIds: [3, 1, 3],
      startWork: '08:00',
      endWork: '18:00',
    });
    expect(created).toMatchObject({
      name: 'Carla',
      email: 'carla@a.test',
      profile: 'user',
      super: false,
      queueIds: [1, 3],
      startWork: '08:00',
      defaultTheme: 'light',
      defaultMenu: 'open',
      online: false,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|secret1/i);
    const stored = await rig.app.db.query(
      'SELECT queue_id FROM identity.user_queues WHERE user_id = $1',
      [created.id],
    );
    expect(stored.rowCount).toBe(2);
  });

  run('refuses bad input naming the fields, and super through the API', async () => {
    const err = await rig.app
      .request(
        S.userCreate,
        { name: 'A', email: 'nope', password: '123', startWork: '25:00' },
        adminA,
      )
      .catch((e: { code: string; fields?: Record<string, string[]> }) => e);
    expect(err).toMatchObject({ code: 'ERR_VALIDATION' });
    expect(Object.keys((err as { fields: object }).fields).sort()).toEqual([
      'email',
      'name',
      'password',
      'startWork',
    ]);
    expect(
      await code(
        newUser(adminA, { name: 'Sup', email: 'sup@a.test', password: 'secret', profile: 'super' }),
      ),
    ).toBe('ERR_VALIDATION');
    const sneaky = await newUser(adminA, {
      name: 'Sneaky',
      email: 'sneaky@a.test',
      password: 'secret',
      super: true,
    });
    expect(sneaky.super).toBe(false);
  });

  run('an email is unique across companies', async () => {
    expect(
      await code(newUser(adminB, { name: 'Copy', email: 'ADMIN@a.test', password: 'secret' })),
    ).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(
      await code(
        rig.app.request(S.userUpdate, { id: userA.userId, email: 'admin@b.test' }, adminA),
      ),
    ).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  run('role matrix: users edit only their own preferences; other tenants get 404', async () => {
    expect(
      await code(newUser(userA, { name: 'Nope', email: 'n@a.test', password: 'secret' })),
    ).toBe('ERR_NO_PERMISSION');
    const self = await rig.app.request<SessionUser>(
      S.userUpdate,
      {
        id: userA.userId,
        name: 'Renamed',
        defaultTheme: 'dark',
        language: 'es',
        password: 'newpass1',
      },
      userA,
    );
    expect(self).toMatchObject({ name: 'Renamed', defaultTheme: 'dark', language: 'es' });
    expect(
      await code(rig.app.request(S.userUpdate, { id: userA.userId, profile: 'admin' }, userA)),
    ).toBe('ERR_NO_PERMISSION');
    expect(
      await code(rig.app.request(S.userUpdate, { id: userA.userId, queueIds: [9] }, userA)),
    ).toBe('ERR_NO_PERMISSION');
    expect(
      await code(rig.app.request(S.userUpdate, { id: adminA.userId, name: 'Xavier' }, userA)),
    ).toBe('ERR_NO_PERMISSION');
    const promoted = await rig.app.request<SessionUser>(
      S.userUpdate,
      { id: userA.userId, queueIds: [7], allTicket: 'enable', startWork: '07:00' },
      adminA,
    );
    expect(promoted).toMatchObject({ allTicket: 'enable', startWork: '07:00' });
    expect(await code(rig.app.request(S.userGet, { id: userA.userId }, adminB))).toBe(
      'ERR_NO_USER_FOUND',
    );
    expect(
      await code(rig.app.request(S.userUpdate, { id: userA.userId, name: 'Hack' }, adminB)),
    ).toBe('ERR_NO_USER_FOUND');
    expect(await code(rig.app.request(S.userDelete, { id: userA.userId }, adminB))).toBe(
      'ERR_NO_USER_FOUND',
    );
    expect(
      await code(rig.app.request(S.userUpdate, { id: superUser.userId, name: 'Xavier' }, adminB)),
    ).toBe('ERR_NO_USER_FOUND');
  });

  run('an admin cannot delete themself; deleting publishes an event', async () => {
    expect(await code(rig.app.request(S.userDelete, { id: adminA.userId }, adminA))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(await code(rig.app.request(S.userDelete, { id: adminA.userId }, userA))).toBe(
      'ERR_NO_PERMISSION',
    );
    const doomed = await newUser(adminA, {
      name: 'Doomed',
      email: 'doomed@a.test',
      password: 'secret',
    });
    await rig.app.request(S.userDelete, { id: doomed.id }, adminA);
    expect(await code(rig.app.request(S.userGet, { id: doomed.id }, adminA))).toBe(
      'ERR_NO_USER_FOUND',
    );
    const events = await rig.app.db.query<{ subject: string }>(
      `SELECT subject FROM identity.outbox_event WHERE subject = $1`,
      [`evt.${companyA}.identity.user.deleted`],
    );
    expect(events.rowCount).toBeGreaterThan(0);
  });

  run('lists pages of 40 with search and count', async () => {
    const page = await rig.app.request<UsersPage>(S.userList, { searchParam: 'carla' }, adminA);
    expect(page.users.map((u) => u.email)).toEqual(['carla@a.test']);
    expect(page).toMatchObject({ count: 1, hasMore: false });
    const all = await rig.app.request<UsersPage>(S.userList, { pageNumber: 1 }, adminB);
    expect(all.users.every((u) => u.companyId === companyB)).toBe(true);
    expect(UsersPageSize).toBe(40);
    const wild = await rig.app.request<UsersPage>(S.userList, { searchParam: '%' }, adminA);
    expect(wild.count).toBe(0);
  });

  run('refuses a user beyond the plan limit', async () => {
    const plan = await rig.app.given.newPlan({
      name: 'One seat',
      users: 1,
      connections: 1,
      queues: 1,
    });
    const limited = (await rig.app.given.newCompany({ name: 'Limited', plan })).id;
    const owner = as(
      await rig.app.given.newUser(limited, { email: 'o@l.test', profile: 'admin' }),
      'admin',
    );
    expect(
      await code(newUser(owner, { name: 'Second', email: 'second@l.test', password: 'secret' })),
    ).toBe('ERR_PLAN_LIMIT_REACHED');
  });

  run(
    "identity.user.records: a service's replica gets every user of the company in full",
    async () => {
      const service = { companyId: companyA, userId: 0, profile: 'admin' as const, super: false };
      const records = await rig.app.request<UserRecord[]>(S.userRecords, {}, service);
      const ids = records.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([adminA.userId, userA.userId]));
      expect(ids).not.toContain(adminB.userId);
      expect(records.find((r) => r.id === userA.userId)).toMatchObject({
        companyId: companyA,
        profile: 'user',
        allTicket: expect.any(String),
        allowGroup: expect.any(Boolean),
        queueIds: expect.any(Array),
      });
      expect(JSON.stringify(records)).not.toMatch(/password/i);
    },
  );

  run('presence: a heartbeat sets online, an old heartbeat counts as offline', async () => {
    await rig.app.request(S.userPresence, { online: true }, userA);
    let found = await rig.app.request<UserRecord>(S.userGet, { id: userA.userId }, adminA);
    expect(found.online).toBe(true);
    await rig.app.db.query(
      `UPDATE identity.users SET last_seen_at = now() - interval '7 minutes' WHERE id = $1`,
      [userA.userId],
    );
    found = await rig.app.request<UserRecord>(S.userGet, { id: userA.userId }, adminA);
    expect(found.online).toBe(false);
  });

  run('a picture key of another company is refused', async () => {
    expect(
      await code(
        rig.app.request(
          S.userSetImage,
          { id: userA.userId, key: `company-${companyB}/users/x.png` },
          userA,
        ),
      ),
    ).toBe('ERR_VALIDATION');
    const user = await rig.app.request<SessionUser>(
      S.userSetImage,
      { id: userA.userId, key: `company-${companyA}/users/abc-me.png` },
      userA,
    );
    expect(user.profileImage).toMatch(
      new RegExp(`^/media/company-${companyA}/users/abc-me\\.png\\?exp=\\d+&sig=[\\w-]{43}$`),
    );
  });

  run('settings: defaults, validation, scopes and events', async () => {
    const list = await rig.app.request<SettingEntry[]>(S.settingsList, {}, adminA);
    expect(list.find((s) => s.key === 'userCreation')).toBeUndefined();
    expect(list.find((s) => s.key === 'scheduleType')?.value).toBe('disabled');
    const forSuper = await rig.app.request<SettingEntry[]>(S.settingsList, {}, superUser);
    expect(forSuper.find((s) => s.key === 'userCreation')).toBeDefined();

    expect(
      await code(
        rig.app.request(S.settingsUpdate, { key: 'scheduleType', value: "x'; drop" }, adminA),
      ),
    ).toBe('ERR_VALIDATION');
    expect(
      await code(rig.app.request(S.settingsUpdate, { key: 'nope', value: 'enabled' }, adminA)),
    ).toBe('ERR_VALIDATION');
    expect(
      await code(rig.app.request(S.settingsUpdate, { key: 'userRating', value: 'enabled' }, userA)),
    ).toBe('ERR_NO_PERMISSION');
    expect(
      await code(
        rig.app.request(S.settingsUpdate, { key: 'userCreation', value: 'disabled' }, adminA),
      ),
    ).toBe('ERR_NO_PERMISSION');
    await rig.app.request(S.settingsUpdate, { key: 'scheduleType', value: 'company' }, adminA);
    await rig.app.request(S.settingsUpdate, { key: 'scheduleType', value: 'queue' }, adminA);
    const one = await rig.app.request<SettingEntry>(
      S.companySettingOne,
      { key: 'scheduleType' },
      userA,
    );
    expect(one).toEqual({ key: 'scheduleType', value: 'queue' });
    const otherCompany = await rig.app.request<SettingEntry>(
      S.companySettingOne,
      { key: 'scheduleType' },
      adminB,
    );
    expect(otherCompany.value).toBe('disabled');
    expect(await code(rig.app.request(S.companySettingOne, { key: 'asaas' }, userA))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(
      await code(rig.app.request(S.companySettingsList, { companyId: companyA }, adminB)),
    ).toBe('ERR_NO_COMPANY_FOUND');
    const bySuper = await rig.app.request<SettingEntry[]>(
      S.companySettingsList,
      { companyId: companyA },
      superUser,
    );
    expect(bySuper.find((s) => s.key === 'scheduleType')?.value).toBe('queue');
    await rig.app.request(S.settingsUpdate, { key: 'userCreation', value: 'disabled' }, superUser);
    const events = await rig.app.db.query<{ subject: string }>(
      `SELECT subject FROM identity.outbox_event WHERE subject LIKE '%.identity.settings.updated'`,
    );
    expect(events.rows.map((r) => r.subject)).toEqual(
      expect.arrayContaining([
        `evt.${companyA}.identity.settings.updated`,
        'evt.0.identity.settings.updated',
      ]),
    );
  });
});
