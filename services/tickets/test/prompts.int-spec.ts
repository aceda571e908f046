import {
  Subjects,
  type Prompt,
  type PromptDeleted,
  type PromptList,
  type Queue,
} from '@sb/contracts';
import type { QueueFixture } from '@sb/testing';
import { PromptsService } from '../src/prompts/prompts.service.js';
import { encryptionKey, SecretBox } from '@sb/platform/secrets';
import { BotSecretsModule } from '../src/bot/secrets/bot-secrets.module.js';
import {
  callers,
  startTicketsTestApp,
  TEST_JWT_SECRET,
  type TicketsTestApp,
} from './tickets-test-app.js';

const S = Subjects.tickets;
const { admin, agent, otherAdmin } = callers;

const apiKey = 'sk-proj-int-spec-0123456789abcdef';
const text = 'You are a polite assistant of the sales queue. Answer briefly and in Portuguese.';

describe('prompts', () => {
  let app: TicketsTestApp;
  let queue: QueueFixture;
  let otherQueue: QueueFixture;
  let prompt: Prompt;

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-prompts-int-spec');
    queue = await app.given.newQueue(admin.companyId!, { name: 'Sales', color: '#112233' });
    otherQueue = await app.given.newQueue(otherAdmin.companyId!, {
      name: 'Elsewhere',
      color: '#445566',
    });
    prompt = await app.call<Prompt>(
      S.promptCreate,
      { name: 'Sales bot', prompt: text, apiKey, queueId: queue.id },
      admin,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('creates with the defaults and answers the key masked, with the queue name', () => {
    expect(prompt).toMatchObject({
      name: 'Sales bot',
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      apiKey: 'sk-...cdef',
      voiceKey: '',
      queueId: queue.id,
      queue: { id: queue.id, name: 'Sales' },
    });
  });

  it('keeps the API key encrypted at rest', async () => {
    const { rows } = await app.db.query<{ api_key_sealed: string }>(
      'SELECT api_key_sealed FROM tickets.prompts WHERE id = $1',
      [prompt.id],
    );
    expect(rows[0]!.api_key_sealed).not.toContain(apiKey);
    expect(rows[0]!.api_key_sealed).not.toContain('sk-');
    const { rows: events } = await app.db.query<{ payload: unknown }>(
      `SELECT * FROM tickets.outbox_event WHERE subject LIKE 'evt.1.tickets.prompt.%'`,
    );
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(apiKey);
  });

  it('seals with a versioned key id, reseals legacy values at the sweep, and audits without the key', async () => {
    const stored = async () =>
      (
        await app.db.query<{ api_key_sealed: string }>(
          'SELECT api_key_sealed FROM tickets.prompts WHERE id = $1',
          [prompt.id],
        )
      ).rows[0]!.api_key_sealed;
    const sealed = await stored();
    expect(sealed).toMatch(/^enc:v1:0:/);
    // a value sealed before the keyring (bare base64 with the default key) still opens, and the
    // boot-time sweep rewrites it with the current key
    const nest = app.service.app;
    const legacy = new SecretBox(
      encryptionKey(
        { JWT_SECRET: TEST_JWT_SECRET },
        {
          salt: 'switchboard-tickets',
          info: 'bot-secrets/v1',
        },
      ).key,
    ).encryptText(apiKey);
    await app.db.query('UPDATE tickets.prompts SET api_key_sealed = $2 WHERE id = $1', [
      prompt.id,
      legacy,
    ]);
    expect((await nest.get(PromptsService).withKeys(1, prompt.id))!.apiKey).toBe(apiKey);
    expect(await nest.get(BotSecretsModule).resealAll()).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatch(/^enc:v1:0:/);
    expect((await nest.get(PromptsService).withKeys(1, prompt.id))!.apiKey).toBe(apiKey);
    expect(await nest.get(BotSecretsModule).resealAll()).toBe(0);
    const { rows: audit } = await app.db.query<{ payload: { entity: string; after: unknown } }>(
      `SELECT payload FROM tickets.outbox_event WHERE subject = 'evt.1.tickets.audit.recorded'`,
    );
    expect(audit.some((row) => row.payload.entity === 'prompt')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('sk-');
  });

  it('keeps the stored key when an update sends it masked or leaves it out, and replaces it otherwise', async () => {
    const service = app.service.app.get(PromptsService);
    const masked = await app.call<Prompt>(
      S.promptUpdate,
      { id: prompt.id, name: 'Sales bot', prompt: text, apiKey: 'sk-...cdef', queueId: queue.id },
      admin,
    );
    expect(masked.apiKey).toBe('sk-...cdef');
    expect((await service.withKeys(1, prompt.id))!.apiKey).toBe(apiKey);
    await app.call<Prompt>(
      S.promptUpdate,
      {
        id: prompt.id,
        name: 'Sales bot 2',
        prompt: text,
        queueId: queue.id,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: 'azure-voice-key-000011112222',
        voiceRegion: 'brazilsouth',
        temperature: 0.5,
        maxTokens: 300,
        maxMessages: 20,
      },
      admin,
    );
    const kept = await service.withKeys(1, prompt.id);
    expect(kept).toMatchObject({
      apiKey,
      voiceKey: 'azure-voice-key-000011112222',
      name: 'Sales bot 2',
      voice: 'pt-BR-FranciscaNeural',
      temperature: 0.5,
      maxTokens: 300,
      maxMessages: 20,
    });
    const replaced = await app.call<Prompt>(
      S.promptUpdate,
      {
        id: prompt.id,
        name: 'Sales bot 2',
        prompt: text,
        apiKey: 'sk-new-000000009999',
        queueId: queue.id,
      },
      admin,
    );
    expect(replaced.apiKey).toBe('sk-...9999');
    expect((await service.withKeys(1, prompt.id))!.apiKey).toBe('sk-new-000000009999');
    expect(await service.withKeys(2, prompt.id)).toBeUndefined();
  });

  it('refuses a prompt without a queue, with another company queue or with bad fields', async () => {
    await expect(
      app.call(S.promptCreate, { name: 'No queue', prompt: text, apiKey }, admin),
    ).rejects.toMatchObject({ code: 'ERR_PROMPT_QUEUE_REQUIRED' });
    await expect(
      app.call(
        S.promptCreate,
        { name: 'Foreign', prompt: text, apiKey, queueId: otherQueue.id },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_QUEUE_FOUND' });
    await expect(
      app.call(S.promptCreate, { name: 'No key', prompt: text, queueId: queue.id }, admin),
    ).rejects.toMatchObject({ code: 'ERR_PROMPT_API_KEY_REQUIRED' });
    for (const bad of [
      { name: 'abc', prompt: text },
      { name: 'Short prompt', prompt: 'too short' },
      { name: 'Hot', prompt: text, temperature: 3 },
      { name: 'Voice', prompt: text, voice: 'robot' },
      { name: 'Tokens', prompt: text, maxTokens: 0 },
    ]) {
      await expect(
        app.call(S.promptCreate, { apiKey, queueId: queue.id, ...bad }, admin),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    }
  });

  it('keeps prompts to their company and writes to admins', async () => {
    const mine = await app.call<PromptList>(S.promptList, {}, agent);
    expect(mine.prompts.map((p) => p.id)).toEqual([prompt.id]);
    // a plain user lists prompts for the pickers, without even the masked keys
    expect(mine.prompts[0]).toMatchObject({ apiKey: '', voiceKey: '' });
    const theirs = await app.call<PromptList>(S.promptList, {}, otherAdmin);
    expect(theirs.prompts).toEqual([]);
    await expect(app.call(S.promptGet, { id: prompt.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_PROMPT_FOUND',
    });
    await expect(
      app.call(
        S.promptUpdate,
        { id: prompt.id, name: 'Hijacked', prompt: text, queueId: otherQueue.id },
        otherAdmin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_PROMPT_FOUND' });
    await expect(app.call(S.promptDelete, { id: prompt.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_PROMPT_FOUND',
    });
    await expect(
      app.call(
        S.promptCreate,
        { name: 'Agent bot', prompt: text, apiKey, queueId: queue.id },
        agent,
      ),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });

  it('deletes, unlinks the queues that used it and emits the events', async () => {
    await app.call(
      S.queueUpdate,
      { id: queue.id, name: 'Sales', color: '#112233', promptId: prompt.id },
      admin,
    );
    const deleted = await app.call<PromptDeleted>(S.promptDelete, { id: prompt.id }, admin);
    expect(deleted).toEqual({ id: prompt.id, message: expect.any(String) });
    const after = await app.call<Queue>(S.queueGet, { id: queue.id }, admin);
    expect(after.promptId).toBeNull();
    await expect(app.call(S.promptGet, { id: prompt.id }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PROMPT_FOUND',
    });
    const { rows } = await app.db.query<{ subject: string }>(
      `SELECT subject FROM tickets.outbox_event WHERE subject LIKE 'evt.1.tickets.prompt.%' ORDER BY seq`,
    );
    expect(rows.map((r) => r.subject.split('.').at(-1))).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'deleted',
    ]);
  });
});
