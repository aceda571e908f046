import {
  Subjects,
  type BusRequest,
  type ContactRecord,
  type RequestContext,
  type ScheduleRecord,
  type SchedulesPage,
  type SendToContactCommand,
  type SendToContactReply,
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
import { ScheduleSender, startCampaignsService } from '../src/index.js';

const S = Subjects.campaigns;
const colleague: Partial<RequestContext> = { companyId: 1, userId: 12, profile: 'user' };

/** Contacts tickets knows, by company: id → name and number. Contact 99 refuses every send. */
const contacts: Record<number, Record<number, { name: string; number: string }>> = {
  1: { 5: { name: 'Ana', number: '5511988880001' }, 6: { name: 'Bruno', number: '5511988880002' } },
  2: { 7: { name: 'Carla', number: '5521977770003' } },
};
const RefusedContactId = 99;
contacts[1]![RefusedContactId] = { name: 'No phone', number: '5511900000000' };

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('schedules (campaigns service)', () => {
  let bus: Bus;
  let database: TestDatabase;
  let db: pg.Pool;
  let service: RunningNestService;
  /** every send tickets was asked for, in order */
  const sends: { companyId: number; userId: number; command: SendToContactCommand }[] = [];
  /** the next sends tickets answers with this error instead (transient failures) */
  const failNext: AppError[] = [];
  /** companies whose lgpdHideNumber is on */
  const hideNumbers = new Set<number>();

  const start = (pollMs = '0') =>
    startCampaignsService({ bus, databaseUrl: database.url, env: { SCHEDULE_POLL_MS: pollMs } });

  const call = requestAs(() => bus);

  const create = (ctx: Partial<RequestContext>, fields: Record<string, unknown> = {}) =>
    call<ScheduleRecord>(
      S.scheduleCreate,
      { body: 'Your order is ready', contactId: 5, sendAt: inAnHour(), userId: 999, ...fields },
      ctx,
    );

  /** Moves a schedule's time into the past, as if it had been waiting a while. */
  const makeDue = (id: number, agoMs = 60_000) =>
    db.query(
      `UPDATE campaigns.schedules SET send_at = now() - ($2 * interval '1 millisecond'),
              due_at = now() - ($2 * interval '1 millisecond') WHERE id = $1`,
      [id, agoMs],
    );

  const row = async (id: number) =>
    (
      await db.query<{
        status: string;
        error: string | null;
        sent_at: Date | null;
        attempts: number;
      }>('SELECT status, error, sent_at, attempts FROM campaigns.schedules WHERE id = $1', [id])
    ).rows[0];

  const sendsOf = (id: number, body: string) =>
    sends.filter((s) => s.command.body === body && s.command.contactId === id).length;

  const senderOf = (running: RunningNestService) => running.app.get(ScheduleSender);

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'campaigns-schedules'))!;
    // tickets: contacts by id, and the send through the default connection
    await bus.handle(Subjects.tickets.contactGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      const found = contacts[payload.ctx.companyId]?.[id];
      if (!found) throw new AppError('ERR_NO_CONTACT_FOUND');
      return Promise.resolve({ id, ...found } as ContactRecord);
    });
    await bus.handle(Subjects.tickets.messageSendToContact, async (payload: BusRequest) => {
      const command = payload.data as SendToContactCommand;
      // a little latency, so concurrent senders overlap
      await new Promise((resolve) => setTimeout(resolve, 10));
      const failure = failNext.shift();
      if (failure) throw failure;
      if (command.contactId === RefusedContactId) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
      sends.push({ companyId: payload.ctx.companyId, userId: payload.ctx.userId, command });
      const reply: SendToContactReply = {
        ticketId: 500 + command.contactId,
        contactId: command.contactId,
        connectionId: 1,
        messageIds: ['m1'],
        sendError: null,
      };
      return reply;
    });
    // identity: lgpdHideNumber per company ('disabled' unless a test turns it on)
    await bus.handle(Subjects.identity.companySettingOne, (payload: BusRequest) =>
      Promise.resolve({
        key: 'lgpdHideNumber',
        value: hideNumbers.has(payload.ctx.companyId) ? 'enabled' : 'disabled',
      }),
    );
    // identity: the owner's name
    await bus.handle(Subjects.identity.userGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      return Promise.resolve({ id, name: `User ${id}` });
    });
    database = await createTestDatabase('campaigns_schedules');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await start();
  }, 60_000);

  afterAll(() => closeTestRig({ service, db, bus, database }));

  describe('CRUD', () => {
    it('creates a schedule for the caller, with the contact and owner names as saved', async () => {
      const created = await create(agent, { ticketId: 42 });
      expect(created).toMatchObject({
        body: 'Your order is ready',
        status: 'PENDENTE',
        sentAt: null,
        error: null,
        contactId: 5,
        contact: { id: 5, name: 'Ana', number: '5511988880001' },
        // the owner is the caller, whatever userId the body carries
        userId: 11,
        user: { id: 11, name: 'User 11' },
        ticketId: 42,
      });
      await expect(call(S.scheduleGet, { id: created.id }, agent)).resolves.toEqual(created);
    });

    it('masks the contact number for a plain user while lgpdHideNumber is on, not for an admin', async () => {
      hideNumbers.add(1);
      try {
        const created = await create(agent);
        expect(created.contact.number).toBe('***********01');
        const asAgent = await call<ScheduleRecord>(S.scheduleGet, { id: created.id }, agent);
        expect(asAgent.contact.number).toBe('***********01');
        const asAdmin = await call<ScheduleRecord>(S.scheduleGet, { id: created.id }, admin);
        expect(asAdmin.contact.number).toBe('5511988880001');
        const page = await call<SchedulesPage>(S.scheduleList, {}, agent);
        expect(page.schedules.every((s) => s.contact.number.startsWith('***'))).toBe(true);
        // the event reaches every profile: masked too
        const { rows } = await db.query<{ payload: string }>(
          `SELECT payload::text FROM campaigns.outbox_event
            WHERE subject LIKE '%schedule.created' ORDER BY seq DESC LIMIT 1`,
        );
        expect(rows[0]?.payload).toContain('***********01');
        expect(rows[0]?.payload).not.toContain('5511988880001');
      } finally {
        hideNumbers.delete(1);
      }
    });

    it('refuses bad input with the form texts and unknown contacts', async () => {
      await expect(create(agent, { body: 'Hey' })).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: { body: ['Mensagem muito curta'] },
      });
      await expect(call(S.scheduleCreate, { body: 'Hello there' }, agent)).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: { contactId: ['Obrigatório'], sendAt: ['Obrigatório'] },
      });
      await expect(
        create(agent, { sendAt: new Date(Date.now() - 3_600_000).toISOString() }),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { sendAt: expect.any(Array) } });
      // contact 7 is company 2's
      await expect(create(agent, { contactId: 7 })).rejects.toMatchObject({
        code: 'ERR_NO_CONTACT_FOUND',
      });
      await expect(create({ companyId: 1, userId: 0 })).rejects.toMatchObject({
        code: 'ERR_SESSION_EXPIRED',
      });
    });

    it('lists an agent their own, an admin the company, searched, and nothing of another company', async () => {
      const mine = await create(agent, { body: 'Pick up the parcel' });
      const theirs = await create(colleague, { body: 'Invoice reminder', contactId: 6 });
      const foreign = await create(otherAdmin, { body: 'Hola from two', contactId: 7 });

      const agentList = await call<SchedulesPage>(S.scheduleList, {}, agent);
      expect(agentList.schedules.every((s) => s.userId === 11)).toBe(true);
      expect(agentList.schedules[0]!.id).toBe(mine.id);
      expect(agentList.hasMore).toBe(false);

      const adminList = await call<SchedulesPage>(S.scheduleList, {}, admin);
      const adminIds = adminList.schedules.map((s) => s.id);
      expect(adminIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect(adminIds).not.toContain(foreign.id);

      const searched = await call<SchedulesPage>(S.scheduleList, { searchParam: 'bruno' }, admin);
      expect(searched.schedules.map((s) => s.id)).toEqual([theirs.id]);
      const byBody = await call<SchedulesPage>(S.scheduleList, { searchParam: 'PARCEL' }, agent);
      expect(byBody.schedules.map((s) => s.id)).toEqual([mine.id]);

      const other = await call<SchedulesPage>(S.scheduleList, {}, otherAdmin);
      expect(other.schedules.map((s) => s.id)).toEqual([foreign.id]);

      // another user's or company's schedule does not exist for the caller
      await expect(call(S.scheduleGet, { id: theirs.id }, agent)).rejects.toMatchObject({
        code: 'ERR_NO_SCHEDULE_FOUND',
      });
      await expect(call(S.scheduleGet, { id: mine.id }, otherAdmin)).rejects.toMatchObject({
        code: 'ERR_NO_SCHEDULE_FOUND',
      });
      await expect(
        call(
          S.scheduleUpdate,
          { id: mine.id, body: 'Hijacked text', contactId: 7, sendAt: inAnHour() },
          otherAdmin,
        ),
      ).rejects.toMatchObject({ code: 'ERR_NO_SCHEDULE_FOUND' });
      await expect(call(S.scheduleDelete, { id: mine.id }, otherAdmin)).rejects.toMatchObject({
        code: 'ERR_NO_SCHEDULE_FOUND',
      });
    });

    it('pages twenty at a time', async () => {
      for (let i = 0; i < 21; i += 1) await create(colleague, { body: `Bulk message ${i}` });
      const first = await call<SchedulesPage>(S.scheduleList, { searchParam: 'bulk' }, colleague);
      expect(first.schedules).toHaveLength(20);
      expect(first.hasMore).toBe(true);
      const second = await call<SchedulesPage>(
        S.scheduleList,
        { searchParam: 'bulk', pageNumber: 2 },
        colleague,
      );
      expect(second.schedules.map((s) => s.body)).toEqual(['Bulk message 0']);
      expect(second.hasMore).toBe(false);
    });

    it('edits a waiting schedule (owner or admin) and lets only admins delete', async () => {
      const schedule = await create(agent);
      const later = new Date(Date.now() + 7_200_000).toISOString();
      const edited = await call<ScheduleRecord>(
        S.scheduleUpdate,
        { id: schedule.id, body: 'Changed my mind', contactId: 6, sendAt: later },
        agent,
      );
      expect(edited).toMatchObject({
        body: 'Changed my mind',
        contact: { id: 6, name: 'Bruno' },
        sendAt: later,
        userId: 11,
      });
      await expect(
        call(
          S.scheduleUpdate,
          { id: schedule.id, body: 'Admin wording', contactId: 6, sendAt: later },
          admin,
        ),
      ).resolves.toMatchObject({ body: 'Admin wording', userId: 11 });
      await expect(
        call(S.scheduleUpdate, { id: schedule.id, body: 'x', contactId: 6, sendAt: later }, agent),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });

      await expect(call(S.scheduleDelete, { id: schedule.id }, agent)).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      });
      await expect(call(S.scheduleDelete, { id: schedule.id }, admin)).resolves.toEqual({
        id: schedule.id,
      });
      await expect(call(S.scheduleGet, { id: schedule.id }, admin)).rejects.toMatchObject({
        code: 'ERR_NO_SCHEDULE_FOUND',
      });

      const { rows } = await db.query<{ subject: string; payload: { scheduleId?: number } }>(
        `SELECT subject, payload FROM campaigns.outbox_event
          WHERE subject LIKE 'evt.1.campaigns.schedule.%'
            AND (payload->'schedule'->>'id' = $1 OR payload->>'scheduleId' = $1) ORDER BY seq`,
        [String(schedule.id)],
      );
      expect(rows.map((r) => r.subject.split('.').at(-1))).toEqual([
        'created',
        'updated',
        'updated',
        'deleted',
      ]);
    });
  });

  describe('the sender', () => {
    it('sends each due schedule once, even with two senders at the same time', async () => {
      const second = await start();
      try {
        const due: ScheduleRecord[] = [];
        // more than one claim's worth (20), so both senders come back for more while the other sends
        for (let i = 0; i < 30; i += 1) {
          const schedule = await create(i % 2 ? agent : colleague, { body: `Race ${i} text` });
          await makeDue(schedule.id);
          due.push(schedule);
        }
        const notYet = await create(agent, { body: 'Not due yet' });

        const first = senderOf(service).drain();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const handled = await Promise.all([first, senderOf(second).drain()]);
        expect(handled[0]! + handled[1]!).toBe(30);
        expect(handled[1]).toBeGreaterThan(0);

        for (const schedule of due) {
          expect(sendsOf(schedule.contactId, schedule.body)).toBe(1);
          expect(await row(schedule.id)).toMatchObject({ status: 'ENVIADA', error: null });
          expect((await row(schedule.id))!.sent_at).toBeInstanceOf(Date);
        }
        const sent = sends.find((s) => s.command.body === 'Race 1 text')!;
        expect(sent).toMatchObject({
          companyId: 1,
          userId: 11,
          command: { contactId: 5, userId: 11 },
        });
        expect(sendsOf(5, 'Not due yet')).toBe(0);
        expect(await row(notYet.id)).toMatchObject({ status: 'PENDENTE' });

        // a sent schedule is history: no edit, a second pass sends nothing
        await expect(
          call(
            S.scheduleUpdate,
            { id: due[0]!.id, body: 'Too late now', contactId: 5, sendAt: inAnHour() },
            admin,
          ),
        ).rejects.toMatchObject({ code: 'ERR_SCHEDULE_NOT_EDITABLE' });
        expect(await senderOf(service).drain()).toBe(0);
        const { rows } = await db.query<{ payload: { schedule: ScheduleRecord } }>(
          `SELECT payload FROM campaigns.outbox_event
            WHERE subject = 'evt.1.campaigns.schedule.updated' AND payload->'schedule'->>'id' = $1`,
          [String(due[0]!.id)],
        );
        expect(rows.map((r) => r.payload.schedule.status)).toEqual(['ENVIADA']);
      } finally {
        await second.close();
      }
    });

    it('sends a schedule missed while the service was stopped once it is back, late, once', async () => {
      const schedule = await create(agent, { body: 'Missed while down' });
      await service.close();
      // the service is down when the time comes (an hour ago)
      await makeDue(schedule.id, 3_600_000);
      service = await start('100');
      const deadline = Date.now() + 10_000;
      while ((await row(schedule.id))!.status === 'PENDENTE' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await row(schedule.id)).toMatchObject({ status: 'ENVIADA' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sendsOf(5, 'Missed while down')).toBe(1);
      await service.close();
      service = await start();
    });

    it('records ERRO with the code when tickets refuses', async () => {
      const schedule = await create(agent, {
        body: 'Nowhere to send',
        contactId: RefusedContactId,
      });
      await makeDue(schedule.id);
      await senderOf(service).drain();
      expect(await row(schedule.id)).toMatchObject({
        status: 'ERRO',
        error: 'ERR_NO_DEF_WAPP_FOUND',
        sent_at: null,
      });
      await expect(
        call<ScheduleRecord>(S.scheduleGet, { id: schedule.id }, agent),
      ).resolves.toMatchObject({ status: 'ERRO', error: 'ERR_NO_DEF_WAPP_FOUND' });
      await expect(
        call(
          S.scheduleUpdate,
          { id: schedule.id, body: 'Try again please', contactId: 5, sendAt: inAnHour() },
          agent,
        ),
      ).rejects.toMatchObject({ code: 'ERR_SCHEDULE_NOT_EDITABLE' });
      // an admin may still clear it away
      await expect(call(S.scheduleDelete, { id: schedule.id }, admin)).resolves.toEqual({
        id: schedule.id,
      });
    });

    it('puts a send off when tickets does not answer, and sends it later', async () => {
      const schedule = await create(agent, { body: 'Tickets was away' });
      await makeDue(schedule.id);
      failNext.push(new AppError('ERR_SERVICE_UNAVAILABLE'));
      await senderOf(service).drain();
      expect(await row(schedule.id)).toMatchObject({ status: 'PENDENTE', attempts: 1 });
      expect(sendsOf(5, 'Tickets was away')).toBe(0);
      // not due again before its delay
      expect(await senderOf(service).drain()).toBe(0);
      await makeDue(schedule.id);
      await senderOf(service).drain();
      expect(await row(schedule.id)).toMatchObject({ status: 'ENVIADA', error: null });
      expect(sendsOf(5, 'Tickets was away')).toBe(1);
    });
  });
});
