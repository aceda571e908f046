import { jest } from '@jest/globals';
import type {
  CampaignRecord,
  CampaignReport,
  CampaignsPage,
  ContactListRecord,
  MessagesPage,
  OptOutsPage,
  ScheduleRecord,
  SchedulesPage,
  TagRecord,
} from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// What campaigns and schedules end as, over the whole product (identity, tickets, connectors,
// campaigns, the gateway) with the Graph emulator playing the Cloud API and its 24-hour window: a
// schedule Meta refuses is ERRO with the reason (list and ticket alike); a campaign goes to a tag's
// contacts (asked of tickets), shows its counts in the list and reads as failed when every row failed;
// "start now", a restart that keeps the scheduled time, and an opt-out reply that gets no bot menu.

jest.setTimeout(90_000);

type Failure = { status: number; body: { error?: string } };

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('campaign and schedule outcomes through connectors to the Graph emulator', () => {
  let stack: RunningConversationStack;
  let number = 5511972000000;
  const nextNumber = () => String(++number);

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
  const campaignOf = (id: number) => stack.api<CampaignRecord>('admin', 'GET', `/campaigns/${id}`);
  const listed = async (id: number) =>
    (await stack.api<CampaignsPage>('admin', 'GET', '/campaigns?pageNumber=1')).records.find(
      (record) => record.id === id,
    );
  const finished = (id: number) =>
    waitFor(async () => (await campaignOf(id)).status === 'FINALIZADA', 'the campaign finished');
  /** A contact the tickets service knows, who never wrote (Meta refuses free text to them). */
  const coldContact = (name: string) =>
    stack.api<{ id: number; number: string }>('admin', 'POST', '/contacts', {
      name,
      number: nextNumber(),
    });
  const tag = (name: string) =>
    stack.api<TagRecord>('admin', 'POST', '/tags', { name, color: '#3366CC', kanban: 0 });
  const tagContact = (contactId: number, tagId: number) =>
    stack.api('admin', 'POST', '/tags/sync', { contactId, tags: [{ id: tagId }] });

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'campaign_outcomes',
      campaigns: true,
      env: { CAMPAIGN_POLL_MS: '100', CAMPAIGN_REPLY_DELAY_MS: '0', SCHEDULE_POLL_MS: '100' },
    });
    await stack.api('admin', 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
    });
    // two queues: a new conversation gets the menu
    const vendas = await stack.createQueue({ name: 'Vendas', greetingMessage: 'Vendas: olá.' });
    const suporte = await stack.createQueue({ name: 'Suporte', greetingMessage: 'Suporte: olá.' });
    await stack.updateConnection({
      greetingMessage: 'Escolha um setor:',
      timeUseBotQueues: 0,
      queueIds: [vendas.id, suporte.id],
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('a schedule Meta refuses (24-hour window) is ERRO with the reason, in the list and the ticket', async () => {
    const carla = await coldContact('Cold Carla');
    const due = await stack.api<ScheduleRecord>('admin', 'POST', '/schedules', {
      body: 'Your order shipped today',
      contactId: carla.id,
      sendAt: new Date().toISOString(),
    });
    const current = () => stack.api<ScheduleRecord>('admin', 'GET', `/schedules/${due.id}`);
    await waitFor(async () => (await current()).status !== 'PENDENTE', 'the schedule send');
    expect(await current()).toMatchObject({
      status: 'ERRO',
      error: 'ERR_OUTSIDE_SERVICE_WINDOW',
      sentAt: null,
    });
    const page = await stack.api<SchedulesPage>('admin', 'GET', '/schedules?pageNumber=1');
    expect(page.schedules.find((s) => s.id === due.id)).toMatchObject({
      status: 'ERRO',
      error: 'ERR_OUTSIDE_SERVICE_WINDOW',
    });
    // the message is on the contact's ticket, marked not sent with the same reason
    const ticket = await stack
      .conversation({ number: carla.number, name: 'Cold Carla' })
      .findTicket();
    const { messages } = await stack.api<MessagesPage>('admin', 'GET', `/messages/${ticket!.id}`);
    expect(messages.find((m) => m.body.includes('Your order shipped today'))).toMatchObject({
      fromMe: true,
      sendError: 'ERR_OUTSIDE_SERVICE_WINDOW',
    });
  });

  it('sends a campaign to the contacts of a tag, with its counts in the list', async () => {
    const vip = await tag('VIP clients');
    const warm = stack.conversation({ number: nextNumber(), name: 'Warm Wanda' });
    await warm.run('contact says oi\nbot answers /Vendas/');
    const wandaId = (await warm.findTicket())!.contactId;
    const cold = await coldContact('Cold Caio');
    await tagContact(wandaId, vip.id);
    await tagContact(cold.id, vip.id);

    const saved = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', {
      name: 'VIP news',
      whatsappId: stack.connectionId,
      tagListId: vip.id,
      message1: 'Novidades VIP para {firstName}',
    });
    expect(saved).toMatchObject({
      status: 'INATIVA',
      contactListId: null,
      tagListId: vip.id,
      tag: { id: vip.id, name: 'VIP clients' },
      counters: { total: 0, sent: 0, delivered: 0, failed: 0, optOuts: 0 },
      allFailed: false,
    });
    const started = await stack.api<CampaignRecord>(
      'admin',
      'POST',
      `/campaigns/${saved.id}/start`,
    );
    expect(started.status).toBe('PROGRAMADA');
    await finished(saved.id);
    await warm.step('contact receives "Novidades VIP para Warm"');
    const report = await stack.api<CampaignReport>('admin', 'GET', `/campaigns/${saved.id}/report`);
    expect(report.counters).toMatchObject({ total: 2, sent: 1, delivered: 1, failed: 1 });
    expect(report.records.find((r) => r.number === cold.number)).toMatchObject({
      status: 'failed',
      error: 'ERR_SENDING_WAPP_MSG: outside_24h_window',
    });
    expect(await listed(saved.id)).toMatchObject({
      status: 'FINALIZADA',
      counters: { total: 2, sent: 1, delivered: 1, failed: 1, optOuts: 0 },
      allFailed: false,
    });
  });

  it('reads as failed when every row failed, and refuses a tag nobody can be sent to', async () => {
    const coldTag = await tag('Never wrote');
    await tagContact((await coldContact('Cold Cleo')).id, coldTag.id);
    const saved = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', {
      name: 'Nobody hears',
      whatsappId: stack.connectionId,
      tagListId: coldTag.id,
      message1: 'Hello there',
      scheduledAt: new Date().toISOString(),
    });
    await finished(saved.id);
    expect(await listed(saved.id)).toMatchObject({
      status: 'FINALIZADA',
      counters: { total: 1, sent: 0, delivered: 0, failed: 1 },
      allFailed: true,
    });

    const empty = await tag('Empty tag');
    const body = {
      name: 'To nobody',
      whatsappId: stack.connectionId,
      tagListId: empty.id,
      message1: 'Hello there',
    };
    expect(
      await refused('POST', '/campaigns', { ...body, scheduledAt: new Date().toISOString() }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_TAG_AUDIENCE' } });
    const inactive = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', body);
    expect(await refused('POST', `/campaigns/${inactive.id}/start`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_CAMPAIGN_TAG_AUDIENCE' },
    });
    expect(await refused('POST', '/campaigns', { ...body, tagListId: 999_999 })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    // a finished campaign does not start again
    expect(await refused('POST', `/campaigns/${saved.id}/start`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' },
    });
  });

  it('restarting a cancelled campaign that never started keeps its scheduled time', async () => {
    const list = await stack.api<ContactListRecord>('admin', 'POST', '/contact-lists', {
      name: 'Later',
    });
    await stack.api('admin', 'POST', '/contact-list-items', {
      name: 'Lia Later',
      number: nextNumber(),
      email: '',
      contactListId: list.id,
    });
    const inThreeHours = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const saved = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', {
      name: 'Three hours away',
      whatsappId: stack.connectionId,
      contactListId: list.id,
      message1: 'Later news',
      scheduledAt: inThreeHours,
    });
    await stack.api('admin', 'POST', `/campaigns/${saved.id}/cancel`);
    const restarted = await stack.api<CampaignRecord>(
      'admin',
      'POST',
      `/campaigns/${saved.id}/restart`,
    );
    expect(restarted).toMatchObject({ status: 'PROGRAMADA', scheduledAt: inThreeHours });
    // several dispatcher passes later it still waits, with no shipping row
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await campaignOf(saved.id)).toMatchObject({
      status: 'PROGRAMADA',
      scheduledAt: inThreeHours,
      counters: { total: 0 },
    });
  });

  it('an opt-out reply to a campaign ends there: opted out, no menu, no bot', async () => {
    const rui = stack.conversation({ number: nextNumber(), name: 'Rui Reply' });
    // he wrote (so Meta takes free text), got the menu, and the ticket was closed
    await rui.run(
      'contact says oi\nbot answers /Vendas/\nadmin accepts\nadmin closes without farewell',
    );
    const list = await stack.api<ContactListRecord>('admin', 'POST', '/contact-lists', {
      name: 'Rui only',
    });
    await stack.api('admin', 'POST', '/contact-list-items', {
      name: 'Rui Reply',
      number: rui.number,
      email: '',
      contactListId: list.id,
    });
    const saved = await stack.api<CampaignRecord>('admin', 'POST', '/campaigns', {
      name: 'Offer for Rui',
      whatsappId: stack.connectionId,
      contactListId: list.id,
      message1: 'Oferta da semana, {firstName}',
      scheduledAt: new Date().toISOString(),
    });
    await finished(saved.id);
    await rui.run(
      'contact receives "Oferta da semana, Rui"\ncontact says SAIR\nbot stays silent for 2 s',
    );
    const optOuts = await stack.api<OptOutsPage>(
      'admin',
      'GET',
      `/campaign-opt-outs?searchParam=${rui.number}`,
    );
    expect(optOuts.records).toEqual([
      expect.objectContaining({ number: rui.number, campaignId: saved.id }),
    ]);
    // anything else he writes later is a conversation again
    await rui.run('contact says bom dia\nbot answers /Vendas/');
  });
});
