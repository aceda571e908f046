import { AzureTtsEmulator, emulatedSpeech } from './azure-tts-emulator.js';

// The Azure text to speech emulator over real HTTP: SSML in, recorded; Ogg audio out; Azure's refusals.

describe('AzureTtsEmulator', () => {
  let tts: AzureTtsEmulator;

  beforeAll(async () => {
    tts = await new AzureTtsEmulator({ key: 'azure-key' }).start();
  });
  afterAll(() => tts.close());
  beforeEach(() => tts.reset());

  const speak = (ssml: string, headers: Record<string, string> = {}) =>
    fetch(`${tts.ttsUrl.replace('{region}', 'brazilsouth')}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'ocp-apim-subscription-key': 'azure-key',
        'content-type': 'application/ssml+xml',
        'x-microsoft-outputformat': 'ogg-48khz-16bit-mono-opus',
        'user-agent': 'spec',
        ...headers,
      },
      body: ssml,
    });

  it('records the SSML call and answers Ogg audio of the text', async () => {
    const res = await speak(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Olá &amp; até &#60;já&#62;</voice></speak>",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/ogg');
    const audio = Buffer.from(await res.arrayBuffer());
    expect(audio.equals(emulatedSpeech('Olá & até <já>'))).toBe(true);
    expect(tts.calls).toEqual([
      expect.objectContaining({
        region: 'brazilsouth',
        language: 'pt-BR',
        voice: 'pt-BR-FranciscaNeural',
        text: 'Olá & até <já>',
        outputFormat: 'ogg-48khz-16bit-mono-opus',
        key: 'azure-key',
        userAgent: 'spec',
      }),
    ]);
  });

  it('refuses a wrong key, a body that is not SSML and a missing format, as Azure does', async () => {
    const ssml = "<speak version='1.0' xml:lang='pt-BR'><voice name='v'>oi</voice></speak>";
    expect((await speak(ssml, { 'ocp-apim-subscription-key': 'wrong' })).status).toBe(401);
    expect((await speak(ssml, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await speak(ssml, { 'x-microsoft-outputformat': '' })).status).toBe(400);
    expect((await speak('oi')).status).toBe(400);
    expect(tts.calls).toHaveLength(0);
  });

  it('fails on demand', async () => {
    tts.failNext({ kind: 'error', status: 503 });
    const ssml = "<speak version='1.0' xml:lang='pt-BR'><voice name='v'>oi</voice></speak>";
    expect((await speak(ssml)).status).toBe(503);
    expect((await speak(ssml)).status).toBe(200);
  });
});
