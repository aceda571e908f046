import type {
  CampaignRecord,
  CampaignReport,
  ContactListRecord,
  MessageTemplate,
} from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// Cloud API templates in campaigns over the whole product: identity, connectors, campaigns and the
// gateway, with the Graph emulator playing Meta. The company's Cloud API connection lists its WABA's
// templates for the dialog; a campaign with a template runs to contacts who never wrote (outside the
// 24-hour window, where Meta refuses free text) and each receives the template with its parameters
// filled by the campaign's placeholders; a template Meta no longer knows fails the rows with its reason.

type Failure = { status: number; body: { error?: string; fields?: Record<string, string[]> } };

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('campaign templates through connectors to the Graph emulator', () => {
  let stack: RunningConversationStack;
  let list: ContactListRecord;
  const contacts = [
    { name: 'Ana Souza', number: '5511970000001' },
    { name: 'Bruno Lima', number: '5511970000002' },
  ];

  /** A call that must fail: its status and error body. */
  const refused = async (method: string, path: string, body?: unknown): Promise<Failure> => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${stack.users.admin.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Failure['body'] };
  };
  const status = async (id: number) =>
    (await stack.api<CampaignRecord>('admin', 'GET', `/campaigns/${id}`)).status;
  const campaign = (body: Record<string, unknown>) => ({
    name: 'Templates',
    whatsappId: stack.connectionId,
    contactListId: list.id,
    templateName: 'order_update',
    templateLanguage: 'pt_BR',
    templateParameters: ['{firstName}', 'PED-{numero}'],
    ...body,
  });

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'campaign_templates',
      campaigns: true,
      env: { CAMPAIGN_POLL_MS: '100', CAMPAIGN_REPLY_DELAY_MS: '0' },
    });
    await stack.api('admin', 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
    });
    list = await stack.api<ContactListRecord>('admin', 'POST', '/contact-lists', {
      name: 'Never wrote',
    });
    for (const contact of contacts) {
      await stack.api('admin', 'POST', '/contact-list-items', {
        ...contact,
        email: '',
        contactListId: list.id,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it("lists the connection's approved templates for admins", async () => {
    const templates = await stack.api<MessageTemplate[]>(
      'admin',
      'GET',
      `/campaigns/templates?whatsappId=${stack.connectionId}`,
    );
    expect(templates.map((t) => [t.name, t.language, t.bodyParameterCount])).toEqual([
      ['hello_world', 'en_US', 0],
      ['order_update', 'pt_BR', 2],
      ['seasonal_promo', 'pt_BR', 2],
    ]);
    await expect(
      stack.api('agent', 'GET', `/campaigns/templates?whatsappId=${stack.connectionId}`),
    ).rejects.toThrow(/answered 403/);
  });

  it('refuses a template the connection does not have, or the wrong number of parameters', async () => {
    const unknown = await refused(
      'POST',
      '/campaigns',
      campaign({ templateName: 'new_arrivals', templateParameters: ['{firstName}'] }),
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    const short = await refused('POST', '/campaigns', campaign({ templateParameters: ['x'] }));
    expect(short).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: { templateParameters: ['The template takes another number of parameters'] },
      },
    });
  });

  it('sends the template, its parameters filled per contact, to contacts who never wrote', async () => {
    const sendsBefore = stack.graph.sent.length;
    const saved = await stack.api<CampaignRecord>(
      'admin',
      'POST',
      '/campaigns',
      campaign({ scheduledAt: new Date().toISOString() }),
    );
    expect(saved).toMatchObject({
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'PED-{numero}'],
      message1: '',
    });
    await waitFor(async () => (await status(saved.id)) === 'FINALIZADA', 'the campaign finished');
    const sends = stack.graph.sent.slice(sendsBefore);
    expect(sends.map((send) => [send.to, send.type, send.text]).sort()).toEqual([
      ['5511970000001', 'template', 'Olá Ana, seu pedido PED-5511970000001 foi enviado.'],
      ['5511970000002', 'template', 'Olá Bruno, seu pedido PED-5511970000002 foi enviado.'],
    ]);
    expect(sends[0]!.body).toMatchObject({
      type: 'template',
      template: { name: 'order_update', language: { code: 'pt_BR' } },
    });
    const report = await stack.api<CampaignReport>('admin', 'GET', `/campaigns/${saved.id}/report`);
    expect(report.counters).toMatchObject({ total: 2, sent: 2, delivered: 2, failed: 0 });
    expect(report.campaign.templateName).toBe('order_update');
  });

  it("fails the rows with Meta's reason when the template is gone by the time it runs", async () => {
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const saved = await stack.api<CampaignRecord>(
      'admin',
      'POST',
      '/campaigns',
      campaign({ name: 'Gone', scheduledAt: later }),
    );
    await stack.api('admin', 'POST', `/campaigns/${saved.id}/cancel`);
    // deleted in WhatsApp Manager after the save
    stack.graph.setTemplates(stack.businessAccountId, []);
    // restarting keeps its time three hours away; "start now" runs it at once
    await stack.api('admin', 'POST', `/campaigns/${saved.id}/start`);
    await waitFor(async () => (await status(saved.id)) === 'FINALIZADA', 'the campaign finished');
    const report = await stack.api<CampaignReport>('admin', 'GET', `/campaigns/${saved.id}/report`);
    expect(report.counters).toMatchObject({ total: 2, failed: 2, delivered: 0 });
    for (const record of report.records) {
      expect(record.status).toBe('failed');
      expect(record.error).toMatch(/^ERR_SENDING_WAPP_MSG: \(#132001\) Template name does not/);
    }
  });

  it("asks for a confirmation and sends the message once the contact answers through Meta's webhook", async () => {
    const carla = { name: 'Carla Dias', number: '5511970000003' };
    const confirming = await stack.api<ContactListRecord>('admin', 'POST', '/contact-lists', {
      name: 'Wrote today',
    });
    await stack.api('admin', 'POST', '/contact-list-items', {
      ...carla,
      email: '',
      contactListId: confirming.id,
    });
    // she wrote today, so Meta takes free text (the confirmation is never a template)
    await stack.graph.customerText({
      phoneNumberId: stack.phoneNumberId,
      from: carla.number,
      text: 'Oi',
    });
    const sendsBefore = stack.graph.sent.length;
    const saved = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', {
      name: 'Confirm first',
      whatsappId: stack.connectionId,
      contactListId: confirming.id,
      message1: 'Oferta para {firstName}: 10% off',
      confirmation: true,
      confirmationMessage1: 'Posso enviar a oferta, {firstName}?',
      scheduledAt: new Date().toISOString(),
    });
    const sentTexts = () => stack.graph.sent.slice(sendsBefore).map((send) => send.text);
    await waitFor(
      async () => sentTexts().includes('Posso enviar a oferta, Carla?'),
      'the confirmation',
    );
    expect(sentTexts()).not.toContain('Oferta para Carla: 10% off');

    await stack.graph.customerText({
      phoneNumberId: stack.phoneNumberId,
      from: carla.number,
      text: 'Sim',
    });
    await waitFor(async () => sentTexts().includes('Oferta para Carla: 10% off'), 'the message');
    await waitFor(async () => (await status(saved.id)) === 'FINALIZADA', 'the campaign finished');
    const report = await stack.api<CampaignReport>('admin', 'GET', `/campaigns/${saved.id}/report`);
    expect(report.counters).toMatchObject({ total: 1, confirmed: 1, delivered: 1, failed: 0 });
    expect(sentTexts()).toEqual(['Posso enviar a oferta, Carla?', 'Oferta para Carla: 10% off']);
  });
});
