import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type BusRequest,
  type CampaignRecord,
  type CampaignReport,
  type ContactListRecord,
  type MessageTemplate,
  type SendMessageCommand,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import type { RunningNestService } from '@sb/platform/nest';
import { requestAs, type ServiceTestApp } from '@sb/testing';
import { admin, agent, otherAdmin } from './callers.js';
import { codeOf, openCampaignsBus, openCampaignsTestApp, pollUntil } from './campaigns-test-rig.js';

// A campaign with a Cloud API template on real Postgres and NATS, with stand-ins for identity (plan
// flags) and connectors: company 1 has a Baileys connection (7) and a Cloud API one (8) whose WABA
// has one approved template; the channel records every message it is asked to send. Rows on the Cloud
// API connection get the template, those on the Baileys one the text and the attachment.

const S = Subjects.campaigns;

const orderUpdate: MessageTemplate = {
  name: 'order_update',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
  bodyParameters: ['1', '2'],
  bodyParameterCount: 2,
};

describe('campaign templates (campaigns service)', () => {
  let bus: Bus;
  let app: ServiceTestApp<RunningNestService> | undefined;
  const sent: SendMessageCommand[] = [];
  const call = requestAs(() => bus);

  const statusOf = async (id: number) =>
    (await call<CampaignRecord>(S.campaignGet, { id }, admin)).status;
  const list = async (name: string, numbers: string[]) => {
    const created = await call<ContactListRecord>(S.contactListCreate, { name }, admin);
    await call(
      S.contactListImport,
      {
        id: created.id,
        rows: numbers.map((number, index) => ({
          row: index + 2,
          name: index === 0 ? 'Ana Souza' : 'Bruno Lima',
          number,
          email: '',
        })),
      },
      admin,
    );
    // the number check runs after the import answers
    await pollUntil(async () => {
      const { rows } = await app!.db.query(
        `SELECT 1 FROM campaigns.contact_list_items
          WHERE contact_list_id = $1 AND is_whatsapp_valid IS NULL`,
        [created.id],
      );
      return rows.length === 0;
    }, 20_000);
    return created;
  };

  beforeAll(async () => {
    bus = await openCampaignsBus('campaigns-templates');
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({ companyId: payload.ctx.companyId, flags: { useCampaigns: true } }),
    );
    await bus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
      Promise.resolve(
        payload.ctx.companyId === 1
          ? [
              { id: 7, name: 'Phone', channel: 'whatsapp', status: 'CONNECTED', isDefault: true },
              { id: 8, name: 'Cloud', channel: 'whatsappapi', status: 'CONNECTED' },
            ]
          : [{ id: 9, name: 'Other', channel: 'whatsappapi', status: 'CONNECTED' }],
      ),
    );
    await bus.handle(Subjects.connectors.templateList, (payload: BusRequest) => {
      const { connectionId } = payload.data as { connectionId: number };
      if (payload.ctx.companyId !== 1 || ![7, 8].includes(connectionId)) {
        return Promise.reject(new AppError('ERR_NO_WAPP_FOUND'));
      }
      if (connectionId === 7) return Promise.reject(new AppError('ERR_WAPP_TEMPLATES_UNSUPPORTED'));
      return Promise.resolve([orderUpdate]);
    });
    await bus.handle(Subjects.connectors.contactCheck, (payload: BusRequest) =>
      Promise.resolve({ exists: true, number: (payload.data as { number: string }).number }),
    );
    await bus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
      sent.push(payload.data as SendMessageCommand);
      return Promise.resolve({
        externalId: randomUUID(),
        ack: 1,
        sentAt: new Date().toISOString(),
      });
    });
    app = await openCampaignsTestApp(bus, {
      SCHEDULE_POLL_MS: '0',
      CAMPAIGN_POLL_MS: '50',
      CAMPAIGN_LEASE_MS: '3000',
    });
    await call(
      S.campaignSettingsSave,
      { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
      admin,
    );
  }, 90_000);

  afterAll(async () => {
    await app?.close();
  });

  it("lists a connection's templates for admins of the company only", async () => {
    expect(await call(S.campaignTemplateList, { whatsappId: 8 }, admin)).toEqual([orderUpdate]);
    expect(await codeOf(call(S.campaignTemplateList, { whatsappId: 8 }, agent))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(await codeOf(call(S.campaignTemplateList, { whatsappId: 7 }, admin))).toBe(
      'ERR_WAPP_TEMPLATES_UNSUPPORTED',
    );
    expect(await codeOf(call(S.campaignTemplateList, { whatsappId: 8 }, otherAdmin))).toBe(
      'ERR_NO_WAPP_FOUND',
    );
  });

  it('sends the template on Cloud API rows and the text and attachment on Baileys rows', async () => {
    const [ana, bruno] = ['5511960000001', '5511960000002'];
    const clients = await list('Mixed', [ana, bruno]);
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Mixed',
        whatsappId: '7,8',
        contactListId: clients.id,
        message1: 'Oi {firstName}, seu pedido saiu',
        templateName: 'order_update',
        templateLanguage: 'pt_BR',
        templateParameters: ['{firstName}', 'PED-{numero}'],
      },
      admin,
    );
    expect(campaign).toMatchObject({
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'PED-{numero}'],
    });
    await call(
      S.campaignMediaSet,
      {
        id: campaign.id,
        mediaPath: 'company-1/campaigns/flyer.png',
        mediaName: 'flyer.png',
        mimeType: 'image/png',
        size: 10,
      },
      admin,
    );
    await call(
      S.campaignUpdate,
      {
        id: campaign.id,
        name: 'Mixed',
        whatsappId: '7,8',
        contactListId: clients.id,
        message1: 'Oi {firstName}, seu pedido saiu',
        templateName: 'order_update',
        templateLanguage: 'pt_BR',
        templateParameters: ['{firstName}', 'PED-{numero}'],
        scheduledAt: new Date().toISOString(),
      },
      admin,
    );
    await pollUntil(async () => (await statusOf(campaign.id)) === 'FINALIZADA', 20_000);

    // connections take turns: the first contact on 7 (Baileys), the second on 8 (Cloud API)
    const toAna = sent.filter((s) => s.peer.number === ana);
    expect(toAna.map((s) => [s.connectionId, s.body, s.media?.fileName, s.template])).toEqual([
      [7, 'Oi Ana, seu pedido saiu', undefined, undefined],
      [7, '', 'flyer.png', undefined],
    ]);
    const toBruno = sent.filter((s) => s.peer.number === bruno);
    expect(toBruno).toHaveLength(1);
    expect(toBruno[0]).toMatchObject({
      connectionId: 8,
      body: '',
      template: {
        name: 'order_update',
        language: 'pt_BR',
        bodyParameters: [{ text: 'Bruno' }, { text: `PED-${bruno}` }],
      },
    });
    const report = await call<CampaignReport>(S.campaignReport, { id: campaign.id }, admin);
    expect(report.counters).toMatchObject({ total: 2, delivered: 2, failed: 0 });
  });

  it('test-sends the template on a Cloud API connection and the text elsewhere', async () => {
    const clients = await list('Test sends', ['5511960000021']);
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      {
        name: 'Tried',
        whatsappId: '7,8',
        contactListId: clients.id,
        message1: 'Oi {firstName}',
        templateName: 'order_update',
        templateLanguage: 'pt_BR',
        templateParameters: ['{firstName}', 'PED-{numero}'],
      },
      admin,
    );
    const number = '5511960000021';
    const before = sent.length;
    for (const whatsappId of [8, 7]) {
      expect(
        await call(S.campaignTestSend, { id: campaign.id, number, whatsappId }, admin),
      ).toEqual({ sent: 1 });
    }
    expect(sent.slice(before).map((s) => [s.connectionId, s.body, s.template])).toEqual([
      [
        8,
        '',
        {
          name: 'order_update',
          language: 'pt_BR',
          bodyParameters: [{ text: 'Ana' }, { text: `PED-${number}` }],
        },
      ],
      [7, 'Oi Ana', undefined],
    ]);
  });

  it('sends a template-only campaign on Cloud API, and checks the choice when saved', async () => {
    const clients = await list('Cloud only', ['5511960000011']);
    const base = { name: 'Cloud only', contactListId: clients.id, whatsappId: 8 };
    const template = {
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{nome}', '{numero}'],
    };
    // no template and no text; a text still needed for the Baileys connection; not on that WABA;
    // the wrong number of parameters; no Cloud API connection
    expect(await codeOf(call(S.campaignCreate, base, admin))).toBe('ERR_VALIDATION');
    expect(
      await codeOf(call(S.campaignCreate, { ...base, ...template, whatsappId: [7, 8] }, admin)),
    ).toBe('ERR_VALIDATION');
    expect(
      await codeOf(
        call(S.campaignCreate, { ...base, ...template, templateName: 'other_one' }, admin),
      ),
    ).toBe('ERR_NO_TEMPLATE_FOUND');
    expect(
      await codeOf(
        call(S.campaignCreate, { ...base, ...template, templateParameters: ['{nome}'] }, admin),
      ),
    ).toBe('ERR_VALIDATION');
    expect(
      await codeOf(
        call(S.campaignCreate, { ...base, ...template, whatsappId: 7, message1: 'Oi' }, admin),
      ),
    ).toBe('ERR_WAPP_TEMPLATES_UNSUPPORTED');

    const before = sent.length;
    const campaign = await call<CampaignRecord>(
      S.campaignCreate,
      { ...base, ...template, scheduledAt: new Date().toISOString() },
      admin,
    );
    expect(campaign.message1).toBe('');
    await pollUntil(async () => (await statusOf(campaign.id)) === 'FINALIZADA', 20_000);
    expect(sent.slice(before).map((s) => s.template?.bodyParameters)).toEqual([
      [{ text: 'Ana Souza' }, { text: '5511960000011' }],
    ]);

    // "no template" is '' or null, and the record says so
    const plain = await call<CampaignRecord>(
      S.campaignCreate,
      { ...base, message1: 'Oi', templateName: '', templateLanguage: null },
      admin,
    );
    expect(plain).toMatchObject({
      templateName: null,
      templateLanguage: null,
      templateParameters: [],
    });
  });
});
