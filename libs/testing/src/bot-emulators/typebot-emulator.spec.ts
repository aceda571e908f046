import { TypebotEmulator, typebotKeywords } from './typebot-emulator.js';

// The Typebot chat API v1 emulator over real HTTP: sessions, scripted turns, 404s and failure modes.

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();
const texts = (answer: {
  messages: { content: { richText: { children: { text: string }[] }[] } }[];
}) =>
  answer.messages.map((m) =>
    m.content.richText.map((p) => p.children.map((c) => c.text).join('')).join('\n'),
  );

describe('TypebotEmulator', () => {
  let typebot: TypebotEmulator;

  beforeAll(async () => {
    typebot = await new TypebotEmulator({
      bots: {
        menu: [
          { messages: ['Olá!', 'Qual seu nome?'], input: { type: 'text input' } },
          {
            messages: ['Escolha'],
            input: { type: 'choice input', choices: ['Vendas', 'Suporte'] },
          },
          { messages: ['Até logo'] },
        ],
        keywords: typebotKeywords(
          { messages: ['Diga algo'], input: { type: 'text input' } },
          { preço: { messages: ['Custa 10'], input: { type: 'text input' } } },
          { messages: ['Não entendi'], input: { type: 'text input' } },
        ),
      },
    }).start();
  });

  afterAll(() => typebot.close());
  beforeEach(() => typebot.reset());

  it('starts a session and walks the scripted turns until the flow ends', async () => {
    const start = await post(`${typebot.apiUrl}/typebots/menu/startChat`, {});
    expect(start.status).toBe(200);
    const first = await json(start);
    expect(first.sessionId).toEqual(expect.any(String));
    expect(first.messages[0]).toMatchObject({
      type: 'text',
      content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Olá!' }] }] },
    });
    expect(texts(first)).toEqual(['Olá!', 'Qual seu nome?']);
    expect(first.input).toMatchObject({ type: 'text input' });

    const continueUrl = `${typebot.apiUrl}/sessions/${first.sessionId}/continueChat`;
    const second = await json(await post(continueUrl, { message: 'Bia' }));
    expect(texts(second)).toEqual(['Escolha']);
    expect(second.input.items.map((i: { content: string }) => i.content)).toEqual([
      'Vendas',
      'Suporte',
    ]);
    // the current API's message object is understood too
    const last = await json(await post(continueUrl, { message: { type: 'text', text: 'Vendas' } }));
    expect(texts(last)).toEqual(['Até logo']);
    expect(last.input).toBeUndefined();
    expect(typebot.sessionsOf('menu')[0]).toMatchObject({
      received: ['Bia', 'Vendas'],
      ended: true,
    });

    const after = await post(continueUrl, { message: 'again' });
    expect(after.status).toBe(404);
  });

  it('answers 404 for an unknown bot or session and 400 without a message', async () => {
    expect((await post(`${typebot.apiUrl}/typebots/nope/startChat`, {})).status).toBe(404);
    expect(
      (await post(`${typebot.apiUrl}/sessions/nope/continueChat`, { message: 'x' })).status,
    ).toBe(404);
    const { sessionId } = await json(
      await post(`${typebot.apiUrl}/typebots/keywords/startChat`, {}),
    );
    expect((await post(`${typebot.apiUrl}/sessions/${sessionId}/continueChat`, {})).status).toBe(
      400,
    );
  });

  it('answers by keyword with a fallback, and keeps the prefilled variables', async () => {
    const start = await json(
      await post(`${typebot.apiUrl}/typebots/keywords/startChat`, {
        prefilledVariables: { number: '5511' },
      }),
    );
    const url = `${typebot.apiUrl}/sessions/${start.sessionId}/continueChat`;
    expect(texts(await json(await post(url, { message: 'qual o PREÇO?' })))).toEqual(['Custa 10']);
    expect(texts(await json(await post(url, { message: 'hmm' })))).toEqual(['Não entendi']);
    expect(typebot.sessions.get(start.sessionId)?.variables).toEqual({ number: '5511' });
    expect(typebot.requests.map((r) => r.path)).toEqual([
      '/api/v1/typebots/keywords/startChat',
      `/api/v1/sessions/${start.sessionId}/continueChat`,
      `/api/v1/sessions/${start.sessionId}/continueChat`,
    ]);
  });

  it('fails on demand: 500, garbage, and an answer slower than the caller waits', async () => {
    typebot.failNext({ kind: 'error' }).failNext({ kind: 'garbage' });
    expect((await post(`${typebot.apiUrl}/typebots/menu/startChat`, {})).status).toBe(500);
    const garbage = await post(`${typebot.apiUrl}/typebots/menu/startChat`, {});
    await expect(garbage.json()).rejects.toThrow();
    typebot.failNext({ kind: 'slow', delayMs: 1000 });
    await expect(
      fetch(`${typebot.apiUrl}/typebots/menu/startChat`, {
        method: 'POST',
        body: '{}',
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    // the next one is back to normal
    expect((await post(`${typebot.apiUrl}/typebots/menu/startChat`, {})).status).toBe(200);
  });

  it('checks the API token when one is configured', async () => {
    const locked = await new TypebotEmulator({
      apiToken: 'tb-token',
      bots: { b: [{ messages: ['hi'] }] },
    }).start();
    try {
      expect((await post(`${locked.apiUrl}/typebots/b/startChat`, {})).status).toBe(401);
      const ok = await post(
        `${locked.apiUrl}/typebots/b/startChat`,
        {},
        { authorization: 'Bearer tb-token' },
      );
      expect(texts(await json(ok))).toEqual(['hi']);
    } finally {
      await locked.close();
    }
  });
});
