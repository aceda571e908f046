import { randomUUID } from 'node:crypto';
import {
  emptyOnDutyDays,
  Subjects,
  type BusRequest,
  type OnDutyDay,
  type OnDutyNowReply,
  type OnDutyRecord,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import type { RunningNestService } from '@sb/platform/nest';
import {
  closeTestRig,
  createTestDatabase,
  openTestBus,
  type TestDatabase,
  requestAs,
} from '@sb/testing';
import pg from 'pg';
import { admin, agent, otherAdmin } from './callers.js';
import { startCampaignsService } from '../src/index.js';

const S = Subjects.campaigns;
/** what the tickets service's poller sends: the company's system context */
const system = (companyId: number): Partial<RequestContext> => ({
  companyId,
  userId: 0,
  profile: 'admin',
});

/** Users identity knows, by company. */
const users: Record<number, Record<number, string>> = {
  1: { 10: 'Admin One', 11: 'Agent Ana', 12: 'Bruno Plantão' },
  2: { 20: 'Admin Two', 21: 'Carla' },
};

/** The seven rows with the given windows (by weekdayEn). */
const days = (windows: Record<string, [string, string]> = { monday: ['08:00', '18:00'] }) =>
  emptyOnDutyDays().map((day): OnDutyDay => {
    const window = windows[day.weekdayEn];
    return window ? { ...day, startTime: window[0], endTime: window[1] } : day;
  });

describe('on-duty staff (campaigns service)', () => {
  let bus: Bus;
  let database: TestDatabase;
  let db: pg.Pool;
  let service: RunningNestService;

  const call = requestAs(() => bus);

  const create = (ctx: Partial<RequestContext>, fields: Record<string, unknown> = {}) =>
    call<OnDutyRecord>(
      S.onDutyCreate,
      { userId: 12, phone: '+55 11 98888-0001', interval: 5, days: days(), ...fields },
      ctx,
    );

  const onDuty = async (companyId: number, at: string) =>
    (await call<OnDutyNowReply>(S.onDutyNow, { companyId, at }, system(companyId))).entries.map(
      (entry) => entry.id,
    );

  const events = async () =>
    (
      await db.query<{ subject: string }>(
        `SELECT subject FROM campaigns.outbox_event WHERE subject LIKE '%.campaigns.on-duty.%'
          ORDER BY seq`,
      )
    ).rows.map((row) => row.subject);

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'campaigns-on-duty'))!;
    // identity: a user of the caller's company, or ERR_NO_USER_FOUND
    await bus.handle(Subjects.identity.userGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      const name = users[payload.ctx.companyId]?.[id];
      if (!name) throw new AppError('ERR_NO_USER_FOUND');
      return Promise.resolve({ id, name });
    });
    database = await createTestDatabase('campaigns_on_duty');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await startCampaignsService({
      bus,
      databaseUrl: database.url,
      env: { SCHEDULE_POLL_MS: '0', COMPANY_TIME_ZONE: 'America/Sao_Paulo' },
    });
  }, 60_000);

  afterAll(() => closeTestRig({ service, db, bus, database }));

  beforeEach(async () => {
    await db.query('DELETE FROM campaigns.plantao');
  });

  it('creates an entry for a user of the company, with the name, the phone digits and the days', async () => {
    const created = await create(admin);
    expect(created).toMatchObject({
      userId: 12,
      user: { id: 12, name: 'Bruno Plantão' },
      phone: '5511988880001',
      interval: 5,
    });
    expect(created.days).toHaveLength(7);
    expect(created.days.find((day) => day.weekdayEn === 'monday')).toMatchObject({
      startTime: '08:00',
      endTime: '18:00',
    });
    await expect(call(S.onDutyGet, { id: created.id }, agent)).resolves.toEqual(created);
    await expect(call(S.onDutyList, {}, agent)).resolves.toEqual([created]);
    // the interval defaults to one minute
    await expect(create(admin, { interval: undefined, userId: 11 })).resolves.toMatchObject({
      interval: 1,
      user: { name: 'Agent Ana' },
    });
    expect(await events()).toEqual([
      'evt.1.campaigns.on-duty.created',
      'evt.1.campaigns.on-duty.created',
    ]);
  });

  it('refuses bad input, another company’s user and non-admins', async () => {
    await expect(call(S.onDutyCreate, { days: days() }, admin)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { userId: ['Obrigatório'], phone: ['Obrigatório'] },
    });
    await expect(
      create(admin, { days: days({ monday: ['18:00', '08:00'] }) }),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { 'days.1.endTime': ['End before start'] },
    });
    await expect(create(admin, { days: days({}) })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { days: ['At least one day'] },
    });
    // user 21 belongs to company 2
    await expect(create(admin, { userId: 21 })).rejects.toMatchObject({
      code: 'ERR_NO_USER_FOUND',
    });
    await expect(create(agent)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(create({ companyId: 1, userId: 0 })).rejects.toMatchObject({
      code: 'ERR_SESSION_EXPIRED',
    });
    await expect(call(S.onDutyList, {}, admin)).resolves.toEqual([]);
  });

  it('edits and deletes an entry of the company only', async () => {
    const entry = await create(admin);
    const edited = await call<OnDutyRecord>(
      S.onDutyUpdate,
      {
        id: entry.id,
        userId: 11,
        phone: '5511977770002',
        interval: 10,
        days: days({ saturday: ['09:00', '13:00'] }),
      },
      admin,
    );
    expect(edited).toMatchObject({
      id: entry.id,
      userId: 11,
      user: { name: 'Agent Ana' },
      phone: '5511977770002',
      interval: 10,
    });
    expect(edited.days.filter((day) => day.startTime).map((day) => day.weekdayEn)).toEqual([
      'saturday',
    ]);

    // another company's entry does not exist for the caller
    await expect(call(S.onDutyGet, { id: entry.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_PLANTAO_FOUND',
    });
    await expect(
      call(
        S.onDutyUpdate,
        { id: entry.id, userId: 21, phone: '5521900000000', days: days() },
        otherAdmin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_PLANTAO_FOUND' });
    await expect(call(S.onDutyDelete, { id: entry.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_PLANTAO_FOUND',
    });
    await expect(call(S.onDutyList, {}, otherAdmin)).resolves.toEqual([]);
    await expect(call(S.onDutyDelete, { id: entry.id }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });

    await expect(call(S.onDutyDelete, { id: entry.id }, admin)).resolves.toEqual({
      id: entry.id,
    });
    await expect(call(S.onDutyGet, { id: entry.id }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PLANTAO_FOUND',
    });
    expect((await events()).slice(-2)).toEqual([
      'evt.1.campaigns.on-duty.updated',
      'evt.1.campaigns.on-duty.deleted',
    ]);
  });

  it('answers who is on duty at a moment, in the company time zone', async () => {
    const weekdays = await create(admin, { days: days({ monday: ['08:00', '18:00'] }) });
    const nights = await create(admin, {
      userId: 11,
      days: days({ monday: ['18:00', '23:59'], sunday: ['20:00', '23:00'] }),
    });
    const foreign = await create(otherAdmin, { userId: 21 });

    // 2026-01-05 is a Monday; São Paulo is UTC-3
    expect(await onDuty(1, '2026-01-05T11:00:00.000Z')).toEqual([weekdays.id]); // 08:00
    expect(await onDuty(1, '2026-01-05T20:59:00.000Z')).toEqual([weekdays.id]); // 17:59
    expect(await onDuty(1, '2026-01-05T21:00:00.000Z')).toEqual([nights.id]); // 18:00
    // Monday 01:00 UTC is Sunday 22:00 in São Paulo
    expect(await onDuty(1, '2026-01-05T01:00:00.000Z')).toEqual([nights.id]);
    expect(await onDuty(1, '2026-01-06T12:00:00.000Z')).toEqual([]); // Tuesday
    expect(await onDuty(2, '2026-01-05T12:00:00.000Z')).toEqual([foreign.id]);

    // a company asks about its own staff only
    await expect(
      call(S.onDutyNow, { companyId: 2, at: '2026-01-05T12:00:00.000Z' }, system(1)),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });

  it("reads the windows on the wall clock of the company's own time zone when the caller sends it", async () => {
    const mornings = await create(admin, { days: days({ monday: ['08:00', '09:00'] }) });
    const at = '2026-01-05T08:30:00.000Z'; // Monday 08:30 in Lisbon, 05:30 in São Paulo
    const ask = async (timeZone?: string) =>
      (
        await call<OnDutyNowReply>(
          S.onDutyNow,
          { companyId: 1, at, ...(timeZone === undefined ? {} : { timeZone }) },
          system(1),
        )
      ).entries.map((entry) => entry.id);
    expect(await ask('Europe/Lisbon')).toEqual([mornings.id]);
    // without one, the installation's COMPANY_TIME_ZONE (São Paulo here)
    expect(await ask()).toEqual([]);
    expect(await ask('')).toEqual([]);
    // a zone Intl does not know falls back to the default rather than failing the alerts
    expect(await ask('Mars/Olympus')).toEqual([]);
  });

  it('drops the entries of a deleted user, and every entry of a deleted company', async () => {
    const kept = await create(admin, { userId: 11 });
    const doomed = await create(admin, { userId: 12 });
    const doomedToo = await create(admin, { userId: 12, phone: '5511977770009' });
    const foreign = await create(otherAdmin, { userId: 21 });
    const publish = (companyId: number, subject: string, data: unknown) =>
      bus.publish({
        id: randomUUID(),
        subject: `evt.${companyId}.${subject}`,
        companyId,
        occurredAt: new Date().toISOString(),
        data,
      });
    const idsOf = async (ctx: Partial<RequestContext>) =>
      (await call<OnDutyRecord[]>(S.onDutyList, {}, ctx)).map((entry) => entry.id);
    const eventually = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await check()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    await publish(1, 'identity.user.deleted', { userId: 12 });
    await eventually(async () => (await idsOf(admin)).length === 1);
    expect(await idsOf(admin)).toEqual([kept.id]);
    // nobody alerts the deleted user's phones any more
    expect(await onDuty(1, '2026-01-05T12:00:00.000Z')).toEqual([kept.id]);
    // each removed entry is announced, so open lists drop it
    const deletions = await db.query<{ data: { onDutyId: number } }>(
      `SELECT payload AS data FROM campaigns.outbox_event
        WHERE subject = 'evt.1.campaigns.on-duty.deleted' ORDER BY seq`,
    );
    expect(deletions.rows.map((row) => row.data.onDutyId).slice(-2)).toEqual([
      doomed.id,
      doomedToo.id,
    ]);
    // a user id of another company, a malformed event or another event of the user removes nothing
    await publish(2, 'identity.user.updated', { user: { id: 21 } });
    await publish(1, 'identity.user.deleted', { userId: 21 });
    await publish(1, 'identity.user.deleted', {});
    const applied = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM campaigns.processed_event
            WHERE consumer = 'campaigns-plantao-staff'`,
        )
      ).rows[0]!.n;
    await eventually(async () => (await applied()) === 3);
    expect(await applied()).toBe(3);
    expect(await idsOf(otherAdmin)).toEqual([foreign.id]);
    expect(await idsOf(admin)).toEqual([kept.id]);

    await publish(2, 'identity.company.deleted', { id: 2 });
    await eventually(async () => (await idsOf(otherAdmin)).length === 0);
    expect(await idsOf(otherAdmin)).toEqual([]);
    expect(await idsOf(admin)).toEqual([kept.id]);
  });
});
