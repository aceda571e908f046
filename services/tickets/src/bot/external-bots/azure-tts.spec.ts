import { AzureTts, speechEndpoint, speechSsml, voiceLanguage } from './azure-tts.js';
import { BotFailure } from './bot-http.js';

// The Azure text to speech call: SSML that cannot be broken by the text, the regional address, and
// every way the answer can be unusable.

describe('Azure TTS request', () => {
  it("takes the language from the voice's name", () => {
    expect(voiceLanguage('pt-BR-FranciscaNeural')).toBe('pt-BR');
    expect(voiceLanguage('en-US-JennyNeural')).toBe('en-US');
  });

  it('escapes the text so it is said, never read as markup', () => {
    expect(speechSsml('pt-BR-AntonioNeural', `R$ 10 <b>&</b> "já" 'ok'`)).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-AntonioNeural'>" +
        'R$ 10 &#60;b&#62;&#38;&#60;/b&#62; &#34;já&#34; &#39;ok&#39;</voice></speak>',
    );
  });

  it('puts the region in the address template', () => {
    expect(speechEndpoint('https://{region}.tts.speech.microsoft.com', 'brazilsouth')).toBe(
      'https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1',
    );
    expect(speechEndpoint('http://127.0.0.1:9/{region}/', 'eastus')).toBe(
      'http://127.0.0.1:9/eastus/cognitiveservices/v1',
    );
  });
});

describe('AzureTts', () => {
  const voice = { name: 'pt-BR-FranciscaNeural', key: 'azure-key', region: 'brazilsouth' };
  const answering = (response: () => Response) => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return response();
    }) as unknown as typeof globalThis.fetch;
    const tts = new AzureTts({
      timeoutMs: 1000,
      fetch,
      baseUrl: 'https://{region}.tts.speech.microsoft.com',
    });
    return { tts, calls };
  };

  it('posts the SSML with the key, the Ogg/Opus format and a user agent, and answers the audio', async () => {
    const { tts, calls } = answering(
      () => new Response(Buffer.from('OggS-audio'), { headers: { 'content-type': 'audio/ogg' } }),
    );
    const audio = await tts.synthesize(voice, 'Olá!');
    expect(audio.toString()).toBe('OggS-audio');
    expect(calls[0]!.url).toBe('https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(speechSsml('pt-BR-FranciscaNeural', 'Olá!'));
    expect(calls[0]!.init.headers).toMatchObject({
      'ocp-apim-subscription-key': 'azure-key',
      'content-type': 'application/ssml+xml',
      'x-microsoft-outputformat': 'ogg-48khz-16bit-mono-opus',
      'user-agent': expect.any(String),
    });
  });

  it('fails on a refusal, an empty answer or one that is not audio', async () => {
    const refused = answering(() => new Response('', { status: 401 }));
    await expect(refused.tts.synthesize(voice, 'oi')).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    const silent = answering(
      () => new Response(new Uint8Array(0), { headers: { 'content-type': 'audio/ogg' } }),
    );
    await expect(silent.tts.synthesize(voice, 'oi')).rejects.toBeInstanceOf(BotFailure);
    const html = answering(
      () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(html.tts.synthesize(voice, 'oi')).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });
});
