import { webhookStatus, WebhookEmulator } from './webhook-emulator.js';

// The n8n / webhook emulator over real HTTP: recorded bodies, scripted replies, failure modes.

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('WebhookEmulator', () => {
  let hook: WebhookEmulator;

  beforeAll(async () => {
    hook = await new WebhookEmulator().start();
  });
  afterAll(() => hook.close());
  beforeEach(() => {
    hook.reset();
    hook.setReply(() => ({}));
  });

  it('records the JSON bodies and answers {} by default', async () => {
    const res = await post(hook.hook('/webhook/abc'), { number: '5511', text: 'oi' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(hook.bodies).toEqual([{ number: '5511', text: 'oi' }]);
    expect(hook.requests[0]).toMatchObject({ method: 'POST', path: '/webhook/abc' });
    expect(hook.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers a scripted function of the body, in order, or with another status', async () => {
    hook.setReply((body) =>
      (body as { text?: string }).text === 'vendas'
        ? { action: 'transfer', queueId: 2 }
        : { reply: 'Oi' },
    );
    expect(await (await post(hook.hook(), { text: 'vendas' })).json()).toEqual({
      action: 'transfer',
      queueId: 2,
    });
    expect(await (await post(hook.hook(), { text: 'x' })).json()).toEqual({ reply: 'Oi' });
    hook.replyInOrder({ reply: 'one' }, webhookStatus(422, { error: 'bad' }));
    expect(await (await post(hook.hook(), {})).json()).toEqual({ reply: 'one' });
    const refused = await post(hook.hook(), {});
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: 'bad' });
    expect(await (await post(hook.hook(), {})).json()).toEqual({});
  });

  it('waits for a request and fails on demand', async () => {
    const waiting = hook.waitForRequest((r) => (r.body as { n?: number }).n === 2, 2000);
    await post(hook.hook(), { n: 1 });
    await post(hook.hook(), { n: 2 });
    expect((await waiting).body).toEqual({ n: 2 });
    await expect(hook.waitForRequest((r) => r.path === '/never', 100)).rejects.toThrow(
      /no matching/,
    );

    hook.failAlways({ kind: 'error', status: 503 });
    expect((await post(hook.hook(), {})).status).toBe(503);
    expect((await post(hook.hook(), {})).status).toBe(503);
    hook.failAlways(null).failNext({ kind: 'hangup' });
    await expect(post(hook.hook(), {})).rejects.toThrow();
    expect((await post(hook.hook(), {})).status).toBe(200);
  });
});
