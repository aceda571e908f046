import { OpenAiEmulator } from './openai-emulator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();

// The OpenAI emulator over real HTTP: chat completions and audio transcriptions, recorded and scripted.

describe('OpenAiEmulator', () => {
  let openai: OpenAiEmulator;

  beforeAll(async () => {
    openai = await new OpenAiEmulator({ apiKey: 'sk-test' }).start();
  });
  afterAll(() => openai.close());
  beforeEach(() => openai.reset());

  const complete = (body: unknown, key = 'sk-test') =>
    fetch(`${openai.apiUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });

  it('records a chat completion and answers the scripted assistant text', async () => {
    openai.setChat((call) => `Você disse: ${String(call.messages.at(-1)?.content)}`);
    const res = await complete({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Seja breve' },
        { role: 'user', content: 'Oi' },
      ],
      max_tokens: 100,
      temperature: 0.5,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.choices[0].message).toEqual({ role: 'assistant', content: 'Você disse: Oi' });
    expect(body.object).toBe('chat.completion');
    expect(openai.completions).toEqual([
      {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Seja breve' },
          { role: 'user', content: 'Oi' },
        ],
        max_tokens: 100,
        temperature: 0.5,
        authorization: 'Bearer sk-test',
      },
    ]);
  });

  it('refuses a wrong key with 401 and a bad body with 400', async () => {
    const denied = await complete({ model: 'm', messages: [] }, 'sk-wrong');
    expect(denied.status).toBe(401);
    expect((await json(denied)).error.code).toBe('invalid_api_key');
    expect((await complete({ messages: [] })).status).toBe(400);
    expect(openai.completions).toHaveLength(0);
  });

  it('transcribes a multipart audio file with the scripted text', async () => {
    openai.setTranscribe((call) => `${call.model}:${call.fileName}:${call.bytes.length}`);
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/ogg' }), 'voice.ogg');
    const res = await fetch(`${openai.apiUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-test' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'whisper-1:voice.ogg:3' });
    expect(openai.transcriptions[0]).toMatchObject({
      model: 'whisper-1',
      fileName: 'voice.ogg',
      mimeType: 'audio/ogg',
      authorization: 'Bearer sk-test',
    });
    expect([...openai.transcriptions[0]!.bytes]).toEqual([1, 2, 3]);
  });

  it('fails on demand like an overloaded API', async () => {
    openai.failNext({ kind: 'error', status: 500, body: { error: { message: 'overloaded' } } });
    expect((await complete({ model: 'm', messages: [] })).status).toBe(500);
    openai.failNext({ kind: 'slow', delayMs: 800 });
    await expect(
      fetch(`${openai.apiUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-test' },
        body: JSON.stringify({ model: 'm', messages: [] }),
        signal: AbortSignal.timeout(150),
      }),
    ).rejects.toThrow();
  });
});
