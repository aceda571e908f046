import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type BusRequest,
  type CampaignRecord,
  type CampaignReplyEventData,
  type CampaignReport,
  type CampaignsPage,
  type ContactListRecord,
  ConnectionSendLimits,
  ConnectionSendLimitsOff,
  type RequestContext,
  type SendMessageCommand,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import type { RunningNestService } from '@sb/platform/nest';
import { campaignMessages } from '@sb/platform/ops';
import { requestAs, type ServiceTestApp } from '@sb/testing';
import type pg from 'pg';
import { admin, agent, otherAdmin } from './callers.js';
import { startCampaignsService } from '../src/index.js';
import { codeOf, openCampaignsBus, openCampaignsTestApp, pollUntil } from './campaigns-test-rig.js';

// Campaigns on real Postgres and NATS (in-process bus when NATS is not there) with two campaigns
// workers on one database, and stand-ins for identity (plan flags) and connectors (connections, the
// number check and a channel that records every message it is asked to send).

const S = Subjects.campaigns;

type Sent = SendMessageCommand & { companyId: number };

const waitFor = (check: () => Promise<boolean>, ms = 20_000) => pollUntil(check, ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** switchboard_campaign_messages_total by result now, and how much each grew since. */
const campaignCounts = async () => {
  const read = async () => {
    const values = (await campaignMessages.get()).values;
    const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
    return { sent: of('sent'), failed: of('failed'), skipped: of('skipped') };
  };
  const before = await read();
  return {
    grown: async () => {
      const now = await read();
      return {
        sent: now.sent - before.sent,
        failed: now.failed - before.failed,
        skipped: now.skipped - before.skipped,
      };
    },
  };
};

describe('campaigns (campaigns service, two workers)', () => {
  let bus: Bus;
  let app: ServiceTestApp<RunningNestService> | undefined;
  let db: pg.Pool;
  let workerA: RunningNestService | undefined;
  const sent: Sent[] = [];
  const attempts: string[] = [];
  const sendDelayMs = new Map<number, number>();
  /** sends in flight now, and the most there ever were, per connection and in all */
  const inFlight = new Map<number, number>();
  const peakInFlight = new Map<number | 'all', number>();
  const peak = (key: number | 'all', now: number) =>
    peakInFlight.set(key, Math.max(peakInFlight.get(key) ?? 0, now));
  /** the send limits of company 1's connection 10, "Limited" */
  let limited: ConnectionSendLimits = ConnectionSendLimitsOff;

  const call = requestAs(() => bus);
  const env = {
    SCHEDULE_POLL_MS: '0',
    CAMPAIGN_POLL_MS: '50',
    CAMPAIGN_LEASE_MS: '3000',
    CAMPAIGN_REPLY_DELAY_MS: '0',
  };

  const list = async (ctx: Partial<RequestContext>, name: string, numbers: string[]) => {
    const created = await call<ContactListRecord>(S.contactListCreate, { name }, ctx);
    await call(
      S.contactListImport,
      {
        id: created.id,
        rows: numbers.map((number, index) => ({
          row: index + 2,
          name: `Contact ${number.slice(-3)} Silva`,
          number,
          email: '',
        })),
      },
      ctx,
    );
    // the number check runs after the import answers: wait until it has looked at every item
    await waitFor(async () => {
      const { rows } = await db.query(
        `SELECT 1 FROM campaigns.contact_list_items
          WHERE contact_list_id = $1 AND is_whatsapp_valid IS NULL`,
        [created.id],
      );
      return rows.length === 0;
    });
    return created;
  };
  const numbers = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
  const statusOf = async (id: number, ctx: Partial<RequestContext> = admin) =>
    (await call<CampaignRecord>(S.campaignGet, { id }, ctx)).status;
  const sentTo = (number: string) => sent.filter((message) => message.peer.number === number);
  /** A contact's message as the connectors service publishes it. */
  const receive = (companyId: number, connectionId: number, number: string, body: string) =>
    bus.publish({
      id: randomUUID(),
      subject: `evt.${companyId}.connectors.message.received`,
      companyId,
      occurredAt: new Date().toISOString(),
      data: {
        connectionId,
        channel: 'whatsapp',
        externalId: randomUUID(),
        fromMe: false,
        peer: { number, isGroup: false },
        kind: 'message',
        mediaType: 'chat',
        body,
        sentAt: new Date().toISOString(),
      },
    });
  const shippingOf = async (campaignId: number, number: string) =>
    (await call<CampaignReport>(S.campaignReport, { id: campaignId }, admin)).records.find(
      (record) => record.number === number,
    );
  const runNow = async (name: string, contactListId: number, whatsappId: number) => {
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      { name, whatsappId, contactListId, message1: 'Hi', scheduledAt: new Date().toISOString() },
      admin,
    );
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA');
    return campaign;
  };

  beforeAll(async () => {
    bus = await openCampaignsBus('campaigns-campaigns');
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({ companyId: payload.ctx.companyId, flags: { useCampaigns: true } }),
    );
    await bus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
      Promise.resolve(
        payload.ctx.companyId === 1
          ? [
              { id: 7, name: 'Sales', channel: 'whatsapp', status: 'CONNECTED', isDefault: true },
              {
                id: 8,
                name: 'Support',
                channel: 'whatsapp',
                status: 'CONNECTED',
                isDefault: false,
              },
              {
                id: 10,
                name: 'Limited',
                channel: 'whatsapp',
                status: 'CONNECTED',
                isDefault: false,
                sendLimits: limited,
              },
            ]
          : [{ id: 9, name: 'Other', channel: 'whatsapp', status: 'CONNECTED', isDefault: true }],
      ),
    );
    // tickets: tag 4 is every company's and has nobody to send to; any other tag is unknown
    await bus.handle(Subjects.tickets.tagAudience, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      if (id !== 4) throw new AppError('ERR_NO_TAG_FOUND');
      return Promise.resolve({ tag: { id, name: 'Empty' }, count: 0, contacts: [] });
    });
    await bus.handle(Subjects.identity.companySchedulesGet, () =>
      Promise.resolve({ schedules: [], timeZone: 'America/Sao_Paulo' }),
    );
    // numbers ending in 9 have no account
    await bus.handle(Subjects.connectors.contactCheck, (payload: BusRequest) => {
      const { number } = payload.data as { number: string };
      if (number.endsWith('9')) throw new AppError('ERR_WAPP_INVALID_CONTACT');
      return Promise.resolve({ exists: true, number });
    });
    await bus.handle(Subjects.connectors.messageSend, async (payload: BusRequest) => {
      const command = payload.data as SendMessageCommand;
      const connection = command.connectionId;
      inFlight.set(connection, (inFlight.get(connection) ?? 0) + 1);
      peak(connection, inFlight.get(connection)!);
      peak(
        'all',
        [...inFlight.values()].reduce((a, b) => a + b, 0),
      );
      await sleep(sendDelayMs.get(payload.ctx.companyId) ?? 0);
      inFlight.set(connection, inFlight.get(connection)! - 1);
      attempts.push(command.peer.number);
      // numbers ending in 1047 have not written in 24 hours: Meta refuses (as the connector answers)
      if (command.peer.number.endsWith('1047'))
        throw new AppError('ERR_SENDING_WAPP_MSG', {
          details: { refused: true, reason: 'outside_24h_window', graphCode: 131047 },
        });
      sent.push({ ...command, companyId: payload.ctx.companyId });
      return { externalId: randomUUID(), ack: 1, sentAt: new Date().toISOString() };
    });
    app = await openCampaignsTestApp(bus, env);
    db = app.db;
    workerA = await startCampaignsService({ bus, databaseUrl: app.databaseUrl, env });
    await call(
      S.campaignSettingsSave,
      {
        settings: {
          messageInterval: 0,
          longerIntervalAfter: 0,
          greaterInterval: 0,
          variables: [{ key: 'coupon', value: 'PROMO10' }],
        },
      },
      admin,
    );
    await call(
      S.campaignSettingsSave,
      { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
      otherAdmin,
    );
  }, 90_000);

  afterAll(async () => {
    await workerA?.close();
    await app?.close();
  });

  it('saves a campaign with the rules of spec 3 §4-§6', async () => {
    const clients = await list(admin, 'Rules list', numbers('55119700', 2));
    const emptyList = await list(admin, 'Empty list', []);
    const base = { name: 'Rules', whatsappId: '7', contactListId: clients.id, message1: 'Hi' };

    expect(await codeOf(call(S.campaignList, {}, agent))).toBe('ERR_NO_PERMISSION');
    const draft = await call<CampaignRecord>(S.campaignCreate, base, admin);
    expect(draft).toMatchObject({
      status: 'INATIVA',
      confirmation: false,
      whatsappId: '7',
      contactList: { id: clients.id, name: 'Rules list' },
    });
    // another company's connection, list or campaign is not there
    expect(await codeOf(call(S.campaignCreate, { ...base, whatsappId: '9' }, admin))).toBe(
      'ERR_NO_WAPP_FOUND',
    );
    expect(await codeOf(call(S.campaignGet, { id: draft.id }, otherAdmin))).toBe(
      'ERR_NO_CAMPAIGN_FOUND',
    );
    expect(await codeOf(call(S.campaignCreate, { ...base, whatsappId: 9 }, otherAdmin))).toBe(
      'ERR_NO_CONTACT_LIST_FOUND',
    );
    // nobody to send to: a list, or a tag (tickets answers its contacts; tag 4 has none)
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect(
      await codeOf(
        call(S.campaignCreate, { ...base, contactListId: emptyList.id, scheduledAt: later }, admin),
      ),
    ).toBe('ERR_CAMPAIGN_LIST_EMPTY');
    expect(
      await codeOf(
        call(
          S.campaignCreate,
          { ...base, contactListId: null, tagListId: 4, scheduledAt: later },
          admin,
        ),
      ),
    ).toBe('ERR_CAMPAIGN_TAG_AUDIENCE');
    expect(
      await codeOf(call(S.campaignCreate, { ...base, contactListId: null, tagListId: 5 }, admin)),
    ).toBe('ERR_NO_TAG_FOUND');

    // scheduled more than an hour away: still editable, and found by either spelling of a status
    const scheduled = await call<CampaignRecord>(
      S.campaignUpdate,
      { ...base, id: draft.id, scheduledAt: later, whatsappId: [7, 8] },
      admin,
    );
    expect(scheduled).toMatchObject({ status: 'PROGRAMADA', whatsappId: '7,8' });
    const found = await call<CampaignsPage>(S.campaignList, { searchParam: 'rul' }, admin);
    expect(found.records.map((c) => c.id)).toContain(draft.id);
    expect(
      (await call<CampaignsPage>(S.campaignList, { status: 'INACTIVA' }, admin)).records.map(
        (c) => c.id,
      ),
    ).not.toContain(draft.id);

    // less than an hour away: read-only; cancel (pause) opens it again
    await db.query(
      `UPDATE campaigns.campaigns SET scheduled_at = now() + interval '30 minutes' WHERE id = $1`,
      [draft.id],
    );
    expect(await codeOf(call(S.campaignUpdate, { ...base, id: draft.id }, admin))).toBe(
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    expect(await codeOf(call(S.campaignRestart, { id: draft.id }, admin))).toBe(
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    const cancelled = await call<CampaignRecord>(S.campaignCancel, { id: draft.id }, admin);
    expect(cancelled.status).toBe('CANCELADA');
    const saved = await call<CampaignRecord>(
      S.campaignUpdate,
      { ...base, id: draft.id, name: 'Rules again' },
      admin,
    );
    expect(saved).toMatchObject({ status: 'CANCELADA', name: 'Rules again' });
    expect(await call(S.campaignDelete, { id: draft.id }, admin)).toEqual({
      id: draft.id,
      mediaPath: null,
    });
    expect(await codeOf(call(S.campaignGet, { id: draft.id }, admin))).toBe(
      'ERR_NO_CAMPAIGN_FOUND',
    );
  });

  it('runs to FINALIZADA with one shipping per valid contact, shared by two workers, one stopped midway', async () => {
    const contacts = [...numbers('55119800', 40), '5511980009999'];
    const clients = await list(admin, 'Big list', contacts);
    const valid = contacts.filter((number) => !number.endsWith('9'));
    sendDelayMs.set(1, 15);
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Launch',
        whatsappId: '7,8',
        contactListId: clients.id,
        message1: 'Olá {firstName}, use {coupon}',
        message3: 'Oi {name} ({connection})',
      },
      admin,
    );
    await call(
      S.campaignMediaSet,
      {
        id: campaign.id,
        mediaPath: 'companies/1/campaigns/flyer.png',
        mediaName: 'flyer.png',
        mimeType: 'image/png',
        size: 1234,
      },
      admin,
    );
    await call(
      S.campaignUpdate,
      {
        id: campaign.id,
        name: 'Launch',
        whatsappId: campaign.whatsappId,
        contactListId: clients.id,
        message1: campaign.message1,
        message3: campaign.message3,
        scheduledAt: new Date().toISOString(),
      },
      admin,
    );
    // one worker stops (as a deploy stops it) while the campaign runs; the other finishes
    await waitFor(async () => sent.filter((m) => m.companyId === 1).length >= 10);
    await workerA!.close();
    workerA = undefined;
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA', 30_000);

    const mine = sent.filter((m) => m.idempotencyKey?.startsWith(`campaign:${campaign.id}:`));
    for (const number of valid) {
      const messages = mine.filter((m) => m.peer.number === number);
      // exactly once: the text, then the media
      expect(messages.map((m) => (m.media ? 'media' : 'text'))).toEqual(['text', 'media']);
      expect([
        `Olá Contact, use PROMO10`,
        `Oi Contact ${number.slice(-3)} Silva (${messages[0]!.connectionId === 7 ? 'Sales' : 'Support'})`,
      ]).toContain(messages[0]!.body);
      expect(messages[1]!.media).toMatchObject({ key: 'companies/1/campaigns/flyer.png' });
    }
    // the invalid number is not messaged; both connections take turns
    expect(mine.filter((m) => m.peer.number === '5511980009999')).toEqual([]);
    expect(new Set(mine.map((m) => m.connectionId))).toEqual(new Set([7, 8]));
    // both variants are used
    expect(new Set(mine.filter((m) => !m.media).map((m) => m.body.slice(0, 3))).size).toBe(2);

    const report = await call<CampaignReport>(S.campaignReport, { id: campaign.id }, admin);
    expect(report.counters).toEqual({
      total: valid.length,
      sent: valid.length,
      delivered: valid.length,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
      pending: 0,
      optOuts: 0,
      replies: 0,
    });
    expect(report.records).toHaveLength(20);
    expect(report.hasMore).toBe(true);
    expect(report.records[0]).toMatchObject({ status: 'delivered', number: valid[0] });
    expect(report.records[0]!.deliveredAt).not.toBeNull();
    expect(report.campaign.completedAt).not.toBeNull();
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaigns.outbox_event
        WHERE subject = 'evt.1.campaigns.campaign.updated' AND payload::text LIKE '%FINALIZADA%'`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('resumes after a worker died: a step it finished is not sent again, a lease it held runs out', async () => {
    const clients = await list(otherAdmin, 'Crash list', numbers('55119900', 3));
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      { name: 'Crash', whatsappId: 9, contactListId: clients.id, message1: 'Text' },
      otherAdmin,
    );
    // the state a killed worker leaves: rows prepared and leased, the first one's text sent and
    // recorded, its media not yet
    await db.query(
      `INSERT INTO campaigns.campaign_shippings
         (company_id, campaign_id, position, number, name, message, whatsapp_id, send_at,
          locked_until, attempts)
       SELECT 2, $1, i.id, i.number, i.name, 'Text', 9, now(), now() + interval '1 second', 1
         FROM campaigns.contact_list_items i WHERE i.contact_list_id = $2`,
      [campaign.id, clients.id],
    );
    await db.query(
      `UPDATE campaigns.campaigns SET media_path = 'm.pdf', media_name = 'm.pdf',
              media_mime = 'application/pdf', media_size = 1, status = 'EM_ANDAMENTO',
              started_at = now() WHERE id = $1`,
      [campaign.id],
    );
    const first = await db.query<{ id: number; number: string }>(
      `SELECT id, number FROM campaigns.campaign_shippings WHERE campaign_id = $1 ORDER BY position`,
      [campaign.id],
    );
    const dead = first.rows[0]!;
    await db.query(
      `INSERT INTO campaigns.campaign_sends (idempotency_key, company_id, shipping_id, step, sent_at)
       VALUES ($1, 2, $2, 'message', now())`,
      [`campaign:${campaign.id}:${dead.id}:message`, dead.id],
    );
    const started = Date.now();
    await waitFor(async () => (await statusOf(campaign.id, otherAdmin)) === 'FINALIZADA');
    // nothing was taken from the dead worker before its lease ran out
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(sentTo(dead.number).map((m) => (m.media ? 'media' : 'text'))).toEqual(['media']);
    for (const { number } of first.rows.slice(1)) {
      expect(sentTo(number).map((m) => (m.media ? 'media' : 'text'))).toEqual(['text', 'media']);
    }
  });

  it('asks for a confirmation first and sends the message when the contact replies', async () => {
    const clients = await list(otherAdmin, 'Confirm list', numbers('55119910', 2));
    const [yes, silent] = numbers('55119910', 2) as [string, string];
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Confirm',
        whatsappId: 9,
        contactListId: clients.id,
        message1: 'The offer, {firstName}',
        confirmation: true,
        confirmationMessage2: 'May we send you an offer?',
        scheduledAt: new Date().toISOString(),
      },
      otherAdmin,
    );
    await waitFor(async () => sentTo(yes).length === 1 && sentTo(silent).length === 1);
    expect(sentTo(yes)[0]!.body).toBe('May we send you an offer?');
    await receive(2, 9, yes, 'sim');
    await waitFor(async () => sentTo(yes).length === 2);
    expect(sentTo(yes)[1]!.body).toBe('The offer, Contact');
    await sleep(300);
    expect(sentTo(silent)).toHaveLength(1);
    const report = await call<CampaignReport>(S.campaignReport, { id: campaign.id }, otherAdmin);
    expect(report.counters).toMatchObject({
      total: 2,
      sent: 2,
      delivered: 1,
      confirmationRequested: 2,
      confirmed: 1,
      pending: 1,
      // the confirmation reply is a reply to the campaign too
      replies: 1,
    });
  });

  it("fails a shipping at once with the provider's reason when it refuses the message", async () => {
    const [refused, reached] = ['5511970001047', '5511970001050'];
    const counted = await campaignCounts();
    const clients = await list(admin, 'Window list', [refused, reached]);
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Window',
        whatsappId: 7,
        contactListId: clients.id,
        message1: 'Hi',
        scheduledAt: new Date().toISOString(),
      },
      admin,
    );
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA');
    const report = await call<CampaignReport>(S.campaignReport, { id: campaign.id }, admin);
    expect(report.counters).toMatchObject({ total: 2, delivered: 1, failed: 1 });
    expect(report.records.find((r) => r.number === refused)).toMatchObject({
      status: 'failed',
      error: 'ERR_SENDING_WAPP_MSG: outside_24h_window',
    });
    // asked once, not put off and tried again
    expect(attempts.filter((number) => number === refused)).toHaveLength(1);
    // the send rate metric counts both
    expect(await counted.grown()).toEqual({ sent: 1, failed: 1, skipped: 0 });
  });

  it('pauses on cancel and resumes on restart without sending anyone twice', async () => {
    const contacts = numbers('55119920', 6);
    const clients = await list(otherAdmin, 'Pause list', contacts);
    sendDelayMs.set(2, 150);
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Pause',
        whatsappId: 9,
        contactListId: clients.id,
        message1: 'Hello',
        scheduledAt: new Date().toISOString(),
      },
      otherAdmin,
    );
    await waitFor(async () => contacts.some((number) => sentTo(number).length > 0));
    await call(S.campaignCancel, { id: campaign.id }, otherAdmin);
    await sleep(400);
    const atPause = contacts.filter((number) => sentTo(number).length > 0).length;
    await sleep(600);
    expect(contacts.filter((number) => sentTo(number).length > 0).length).toBe(atPause);
    expect(atPause).toBeLessThan(contacts.length);

    expect(
      (await call<CampaignRecord>(S.campaignRestart, { id: campaign.id }, otherAdmin)).status,
    ).toBe('EM_ANDAMENTO');
    await waitFor(async () => (await statusOf(campaign.id, otherAdmin)) === 'FINALIZADA');
    for (const number of contacts) expect(sentTo(number)).toHaveLength(1);
  });

  it('marks a number that answers an opt-out word and skips it in a later campaign', async () => {
    const [leaving, staying] = numbers('55119930', 2) as [string, string];
    const clients = await list(admin, 'Opt-out list', [leaving, staying]);
    const first = await runNow('Before opt-out', clients.id, 7);
    expect(sentTo(leaving)).toHaveLength(1);

    // the whole message, trimmed, any case, accents ignored; a sentence with the word is not one
    await receive(1, 7, staying, 'quero sair da fila');
    await receive(1, 7, leaving, '  Sáir ');
    await waitFor(async () => (await shippingOf(first.id, leaving))?.optedOutAt != null);
    const { rows } = await db.query<{ campaign_id: number; number: string }>(
      `SELECT campaign_id, number FROM campaigns.campaign_opt_outs WHERE company_id = 1
          AND number = ANY($1::text[])`,
      [[leaving, staying]],
    );
    expect(rows).toEqual([{ campaign_id: first.id, number: leaving }]);
    const firstReport = await call<CampaignReport>(S.campaignReport, { id: first.id }, admin);
    expect(firstReport.counters).toMatchObject({ delivered: 2, optOuts: 1, replies: 2 });
    expect(await shippingOf(first.id, leaving)).toMatchObject({
      status: 'delivered',
      replyCount: 1,
      repliedAt: expect.any(String),
    });
    // the report hears of it: one event per row, the opt-out with its counters
    const events = await db.query<{ payload: CampaignReplyEventData }>(
      `SELECT payload FROM campaigns.outbox_event
        WHERE subject = 'evt.1.campaigns.campaign-reply.recorded'`,
    );
    expect(events.rows.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ campaignId: first.id, counters: { replies: 1, optOuts: 1 } }),
    );

    const counted = await campaignCounts();
    const second = await runNow('After opt-out', clients.id, 7);
    expect(sentTo(leaving)).toHaveLength(1);
    expect(sentTo(staying)).toHaveLength(2);
    const report = await call<CampaignReport>(S.campaignReport, { id: second.id }, admin);
    expect(report.counters).toMatchObject({
      total: 2,
      delivered: 1,
      optOuts: 1,
      pending: 0,
      failed: 0,
    });
    expect(await counted.grown()).toEqual({ sent: 1, failed: 0, skipped: 1 });
    expect(await shippingOf(second.id, leaving)).toMatchObject({
      status: 'opted_out',
      deliveredAt: null,
      optedOutAt: expect.any(String),
    });
    // another company's same number is not opted out
    expect(
      (await db.query(`SELECT 1 FROM campaigns.campaign_opt_outs WHERE company_id = 2`)).rows,
    ).toEqual([]);
  });

  it("sends on the connections side by side, each connection's rows one at a time and in order", async () => {
    // a worker's lanes: with one worker left (another worker would take its own share of the rows)
    await workerA?.close();
    workerA = undefined;
    const contacts = numbers('55119970', 12);
    const clients = await list(admin, 'Lanes list', contacts);
    sendDelayMs.set(1, 40);
    peakInFlight.clear();
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Lanes',
        whatsappId: '7,8',
        contactListId: clients.id,
        message1: 'Hi',
        scheduledAt: new Date().toISOString(),
      },
      admin,
    );
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA');
    sendDelayMs.set(1, 0);
    // both connections at once, never two messages at once on one
    expect(peakInFlight.get('all')).toBe(2);
    expect(peakInFlight.get(7)).toBe(1);
    expect(peakInFlight.get(8)).toBe(1);
    // the contacts take turns over the connections; each connection sends its own in list order
    const valid = contacts.filter((number) => !number.endsWith('9'));
    for (const [turn, connection] of [7, 8].entries()) {
      const mine = valid.filter((_, index) => index % 2 === turn);
      const order = sent
        .filter((m) => m.peer.number.startsWith('55119970') && m.connectionId === connection)
        .map((m) => m.peer.number);
      expect(order).toEqual(mine);
    }
  });

  it('links a reply within the reply window to the shipping, and not one after it', async () => {
    const [inTime, late] = numbers('55119940', 2) as [string, string];
    const clients = await list(admin, 'Reply list', [inTime, late]);
    const campaign = await runNow('Replies', clients.id, 8);
    // the late contact's message went out 25 hours ago (the window is 24 by default)
    await db.query(
      `UPDATE campaigns.campaign_shippings SET delivered_at = now() - interval '25 hours'
        WHERE campaign_id = $1 AND number = $2`,
      [campaign.id, late],
    );
    await receive(1, 8, late, 'oi');
    // on the other connection: not a reply to this campaign's message
    await receive(1, 7, inTime, 'hello?');
    await receive(1, 8, inTime, 'obrigado');
    await receive(1, 8, inTime, 'quero saber mais');
    await waitFor(async () => (await shippingOf(campaign.id, inTime))?.replyCount === 2);
    await sleep(300);
    const replied = await shippingOf(campaign.id, inTime);
    expect(replied!.repliedAt).not.toBeNull();
    expect(await shippingOf(campaign.id, late)).toMatchObject({ repliedAt: null, replyCount: 0 });
    const report = await call<CampaignReport>(S.campaignReport, { id: campaign.id }, admin);
    expect(report.counters).toMatchObject({ delivered: 2, replies: 1, optOuts: 0 });
  });

  describe("the connection's send limits", () => {
    const running = async (name: string, contacts: string[]) => {
      const clients = await list(admin, `${name} list`, contacts);
      return call<CampaignRecord>(
        S.campaignCreate,
        {
          name,
          whatsappId: 10,
          contactListId: clients.id,
          message1: 'Hi',
          scheduledAt: new Date().toISOString(),
        },
        admin,
      );
    };
    const rowsOf = async (campaignId: number) =>
      (
        await db.query(
          `SELECT number, status, send_at FROM campaigns.campaign_shippings
            WHERE campaign_id = $1 ORDER BY position`,
          [campaignId],
        )
      ).rows as { number: string; status: string; send_at: Date }[];

    afterEach(() => {
      limited = ConnectionSendLimitsOff;
    });

    it('waits outside the send window and resumes by itself at its opening', async () => {
      // open all day, but only tomorrow (São Paulo's weekday)
      const todayInSaoPaulo = new Date(Date.now() - 3 * 3_600_000).getUTCDay();
      limited = ConnectionSendLimits.parse({
        days: [(todayInSaoPaulo + 1) % 7],
        periods: [{ start: '00:00', end: '23:59' }],
        dailyCap: null,
        warmUpDays: null,
      });
      const contacts = numbers('55119950', 3);
      const campaign = await running('Window closed', contacts);
      await waitFor(async () =>
        (await rowsOf(campaign.id)).every((row) => row.send_at.getTime() > Date.now() + 60_000),
      );
      await sleep(300);
      expect(contacts.flatMap(sentTo)).toEqual([]);
      expect(await statusOf(campaign.id)).toBe('EM_ANDAMENTO');
      // paced from the opening in their order, not all at once
      const times = (await rowsOf(campaign.id)).map((row) => row.send_at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));

      // the opening comes (the clock moved on): the campaign sends and finishes on its own
      limited = ConnectionSendLimitsOff;
      await db.query(
        `UPDATE campaigns.campaign_shippings SET send_at = now() WHERE campaign_id = $1`,
        [campaign.id],
      );
      await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA');
      expect(contacts.map((number) => sentTo(number).length)).toEqual([1, 1, 1]);
    });

    it('stops at the daily cap, grown over the warm-up, and goes on the next day', async () => {
      // the number's first campaign day was the day before yesterday: day 3 of a 4-day warm-up to 4
      await db.query('DELETE FROM campaigns.campaign_connection_days WHERE whatsapp_id = 10');
      await db.query(
        `INSERT INTO campaigns.campaign_connection_days (company_id, whatsapp_id, day, sent)
         VALUES (1, 10, (now() AT TIME ZONE 'America/Sao_Paulo')::date - 2, 1)`,
      );
      limited = ConnectionSendLimits.parse({
        days: [],
        periods: [],
        dailyCap: 4,
        warmUpDays: 4,
      });
      const contacts = numbers('55119960', 5);
      const campaign = await running('Capped', contacts);
      await waitFor(async () =>
        (await rowsOf(campaign.id)).some((row) => row.send_at.getTime() > Date.now() + 60_000),
      );
      await sleep(300);
      expect(contacts.filter((number) => sentTo(number).length > 0)).toHaveLength(3);
      const rows = await rowsOf(campaign.id);
      expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(3);
      expect(rows.filter((row) => row.status === 'pending')).toHaveLength(2);
      const { rows: days } = await db.query(
        `SELECT sent FROM campaigns.campaign_connection_days
          WHERE whatsapp_id = 10 AND day = (now() AT TIME ZONE 'America/Sao_Paulo')::date`,
      );
      expect(days).toEqual([{ sent: 3 }]);
      // the others wait for tomorrow in São Paulo
      const tomorrow = (
        await db.query(
          `SELECT (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') + interval '1 day')
                AT TIME ZONE 'America/Sao_Paulo' AS at`,
        )
      ).rows[0].at as Date;
      for (const row of rows.filter((r) => r.status === 'pending'))
        expect(row.send_at.getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
      expect(await statusOf(campaign.id)).toBe('EM_ANDAMENTO');
    });
  });
});
