import {
  MaskedSecret,
  Subjects,
  type QueueIntegration,
  type QueueIntegrationPage,
  type QueueIntegrationTestResult,
} from '@sb/contracts';
import { DialogflowEmulator } from '@sb/testing/bot-emulators';
import { callers, startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;
const { admin, agent, otherAdmin } = callers;

describe('queue integrations', () => {
  let app: TicketsTestApp;
  let emulator: DialogflowEmulator;
  let key: string;
  let typebot: QueueIntegration;
  let dialogflow: QueueIntegration;

  beforeAll(async () => {
    emulator = await new DialogflowEmulator().start();
    emulator.when('Olá', { messages: ['Olá! Em que posso ajudar?'], intent: 'Welcome' });
    key = emulator.createServiceAccountKey({ projectId: 'agent-1' });
    app = await startTicketsTestApp('tickets-queue-integrations-int-spec', {
      DIALOGFLOW_URL: emulator.url,
      DIALOGFLOW_TIMEOUT_MS: '1000',
    });
    typebot = await app.call<QueueIntegration>(
      S.queueIntegrationCreate,
      { type: 'typebot', name: 'Sales bot', urlN8N: 'https://typebot.test', typebotSlug: 'sales' },
      admin,
    );
    dialogflow = await app.call<QueueIntegration>(
      S.queueIntegrationCreate,
      {
        type: 'dialogflow',
        name: 'Agent',
        projectName: 'agent-1',
        jsonContent: key,
        language: 'pt-BR',
      },
      admin,
    );
  });

  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });

  it('creates with the spec defaults and the projectName rule', () => {
    expect(typebot).toMatchObject({
      type: 'typebot',
      name: 'Sales bot',
      projectName: 'Sales bot',
      typebotSlug: 'sales',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      jsonContent: '',
    });
    expect(dialogflow).toMatchObject({ type: 'dialogflow', projectName: 'agent-1' });
  });

  it('lists, searches and pages within the company only', async () => {
    const page = await app.call<QueueIntegrationPage>(S.queueIntegrationPage, {}, admin);
    expect(page.queueIntegrations.map((i) => i.name)).toEqual(['Agent', 'Sales bot']);
    expect(page).toMatchObject({ count: 2, hasMore: false });
    const searched = await app.call<QueueIntegrationPage>(
      S.queueIntegrationPage,
      { searchParam: 'sales' },
      admin,
    );
    expect(searched.queueIntegrations.map((i) => i.id)).toEqual([typebot.id]);
    const other = await app.call<QueueIntegrationPage>(S.queueIntegrationPage, {}, otherAdmin);
    expect(other).toEqual({ queueIntegrations: [], count: 0, hasMore: false });
  });

  it('keeps another company and plain users out', async () => {
    for (const subject of [S.queueIntegrationGet, S.queueIntegrationDelete]) {
      await expect(app.call(subject, { id: typebot.id }, otherAdmin)).rejects.toMatchObject({
        code: 'ERR_NO_INTEGRATION_FOUND',
      });
    }
    await expect(
      app.call(
        S.queueIntegrationUpdate,
        { id: typebot.id, type: 'webhook', name: 'Stolen', urlN8N: 'https://x.test' },
        otherAdmin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_INTEGRATION_FOUND' });
    await expect(app.call(S.queueIntegrationPage, {}, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(
      app.call(
        S.queueIntegrationCreate,
        { type: 'n8n', name: 'Flow', urlN8N: 'https://n8n.test' },
        agent,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });

  it('answers clear 400s and a 409 for a taken name', async () => {
    await expect(
      app.call(S.queueIntegrationCreate, { type: 'webhook', name: 'Hook' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { urlN8N: ['Required'] } });
    await expect(
      app.call(S.queueIntegrationCreate, { type: 'typebot', name: 'x', typebotSlug: 's' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { name: ['Too Short!'] } });
    await expect(
      app.call(
        S.queueIntegrationCreate,
        { type: 'webhook', name: 'SALES BOT', urlN8N: 'https://hooks.test' },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_INTEGRATION_NAME_ALREADY_EXISTS' });
    // the same name in another company is fine
    await expect(
      app.call(
        S.queueIntegrationCreate,
        { type: 'webhook', name: 'Sales bot', urlN8N: 'https://hooks.test' },
        otherAdmin,
      ),
    ).resolves.toMatchObject({ name: 'Sales bot' });
  });

  it('seals the service-account key at rest and never answers its private key', async () => {
    const { rows } = await app.db.query<{ json_content: string | null }>(
      'SELECT json_content FROM tickets.queue_integrations WHERE id = $1',
      [dialogflow.id],
    );
    const stored = rows[0]!.json_content!;
    const privateKey = JSON.parse(key).private_key as string;
    expect(stored).not.toContain('client_email');
    expect(stored).not.toContain('PRIVATE KEY');
    expect(() => JSON.parse(stored) as unknown).toThrow();

    const answered = await app.call<QueueIntegration>(
      S.queueIntegrationGet,
      { id: dialogflow.id },
      admin,
    );
    expect(answered.jsonContent).not.toContain(privateKey.slice(40, 80));
    expect(JSON.parse(answered.jsonContent)).toMatchObject({
      client_email: JSON.parse(key).client_email,
      private_key: MaskedSecret,
    });
    // saving the masked key back keeps the stored one: the test still authenticates
    const edited = await app.call<QueueIntegration>(
      S.queueIntegrationUpdate,
      { ...answered, name: 'Agent renamed' },
      admin,
    );
    expect(edited.name).toBe('Agent renamed');
    const result = await app.call<QueueIntegrationTestResult>(
      S.queueIntegrationTestSession,
      {
        id: dialogflow.id,
        projectName: 'agent-1',
        jsonContent: edited.jsonContent,
        language: 'pt-BR',
      },
      admin,
    );
    expect(result.responses).toEqual(['Olá! Em que posso ajudar?']);
    // a masked key with nothing stored behind it is refused
    await expect(
      app.call(
        S.queueIntegrationTestSession,
        { projectName: 'agent-1', jsonContent: edited.jsonContent },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  describe('testSession against the Dialogflow emulator', () => {
    beforeEach(() => emulator.reset());

    it('says Olá and answers what the agent said', async () => {
      const result = await app.call<QueueIntegrationTestResult>(
        S.queueIntegrationTestSession,
        { projectName: 'agent-1', jsonContent: key, language: 'pt-BR' },
        admin,
      );
      expect(result).toEqual({
        ok: true,
        text: 'Olá',
        responses: ['Olá! Em que posso ajudar?'],
        intent: 'Welcome',
        endConversation: false,
      });
      expect(emulator.detections).toEqual([
        expect.objectContaining({ projectId: 'agent-1', text: 'Olá', languageCode: 'pt-BR' }),
      ]);
      // English echoes by default
      const english = await app.call<QueueIntegrationTestResult>(
        S.queueIntegrationTestSession,
        { projectName: 'agent-1', jsonContent: key, language: 'en' },
        admin,
      );
      expect(english.responses).toEqual(['Hello']);
      // the access token is reused, and a revoked one is replaced once
      expect(emulator.tokensIssued).toBe(0);
      emulator.revokeTokens();
      await expect(
        app.call(
          S.queueIntegrationTestSession,
          { projectName: 'agent-1', jsonContent: key },
          admin,
        ),
      ).resolves.toMatchObject({ ok: true });
      expect(emulator.tokensIssued).toBe(1);
    });

    it('answers a timeout error when Dialogflow is slow', async () => {
      emulator.failDetectNext({ kind: 'slow', delayMs: 3000 });
      const started = Date.now();
      await expect(
        app.call(
          S.queueIntegrationTestSession,
          { projectName: 'agent-1', jsonContent: key },
          admin,
        ),
      ).rejects.toMatchObject({ code: 'ERR_DIALOGFLOW_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2900);
    });

    it('answers a test failure for garbage, a wrong project or an unknown key', async () => {
      emulator.failDetectNext({ kind: 'garbage' });
      await expect(
        app.call(
          S.queueIntegrationTestSession,
          { projectName: 'agent-1', jsonContent: key },
          admin,
        ),
      ).rejects.toMatchObject({
        code: 'ERR_DIALOGFLOW_TEST_FAILED',
        details: { reason: 'bad-response' },
      });
      await expect(
        app.call(S.queueIntegrationTestSession, { projectName: 'other', jsonContent: key }, admin),
      ).rejects.toMatchObject({ code: 'ERR_DIALOGFLOW_TEST_FAILED', details: { reason: 'auth' } });
      const stranger = JSON.stringify({
        ...JSON.parse(key),
        client_email: 'stranger@agent-1.iam.gserviceaccount.com',
      });
      await expect(
        app.call(
          S.queueIntegrationTestSession,
          { projectName: 'agent-1', jsonContent: stranger },
          admin,
        ),
      ).rejects.toMatchObject({ code: 'ERR_DIALOGFLOW_TEST_FAILED', details: { reason: 'auth' } });
      await expect(
        app.call(
          S.queueIntegrationTestSession,
          { projectName: 'agent-1', jsonContent: '{' },
          admin,
        ),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    });
  });

  it('updates, deletes, unlinks the queues and writes every change to the outbox', async () => {
    const updated = await app.call<QueueIntegration>(
      S.queueIntegrationUpdate,
      { id: typebot.id, type: 'n8n', name: 'Flow', urlN8N: 'https://n8n.test/hook' },
      admin,
    );
    expect(updated).toMatchObject({
      type: 'n8n',
      projectName: 'Flow',
      urlN8N: 'https://n8n.test/hook',
    });
    await app.given.newQueue(1, { name: 'Bots', color: '#123456', integrationId: typebot.id });
    await expect(app.call(S.queueIntegrationDelete, { id: typebot.id }, admin)).resolves.toEqual({
      id: typebot.id,
    });
    await expect(app.call(S.queueIntegrationGet, { id: typebot.id }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_INTEGRATION_FOUND',
    });
    const { rows: queues } = await app.db.query<{ integration_id: number | null }>(
      `SELECT integration_id FROM tickets.queues WHERE company_id = 1 AND name = 'Bots'`,
    );
    expect(queues[0]!.integration_id).toBeNull();
    const { rows } = await app.db.query<{ subject: string; payload: unknown }>(
      `SELECT subject, payload FROM tickets.outbox_event
       WHERE subject LIKE 'evt.1.tickets.queue-integration.%' ORDER BY seq`,
    );
    expect(rows.map((r) => r.subject.split('.').at(-1))).toEqual([
      'created',
      'created',
      'updated',
      'updated',
      'deleted',
    ]);
    expect(rows.at(-1)!.payload).toEqual({ integrationId: typebot.id });
    // no event carries the private key
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  });
});
