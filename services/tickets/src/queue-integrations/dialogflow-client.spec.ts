import { generateKeyPairSync, verify } from 'node:crypto';
import { DialogflowClient, DialogflowError } from './dialogflow-client.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = {
  client_email: 'bot@agent-1.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  token_uri: 'https://auth.test/token',
  project_id: 'agent-1',
};

type Call = { url: string; init: RequestInit };

/** A fetch that answers the token endpoint and detectIntent from the given functions. */
const fakeFetch = (detect: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  const impl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    if (call.url === key.token_uri) {
      return Response.json({ access_token: `token-${calls.length}`, expires_in: 3600 });
    }
    return detect(call);
  };
  return { calls, fetch: impl as typeof fetch };
};

const answer = (queryResult: unknown) => Response.json({ responseId: 'r', queryResult });

describe('DialogflowClient', () => {
  it('signs an RS256 JWT for the token endpoint, then asks detectIntent with the access token', async () => {
    const { calls, fetch } = fakeFetch(() =>
      answer({
        fulfillmentText: 'Olá! Como posso ajudar?',
        fulfillmentMessages: [{ text: { text: ['Olá! Como posso ajudar?'] } }, { payload: {} }],
        intent: { displayName: 'Welcome', endInteraction: false },
      }),
    );
    const client = new DialogflowClient({ baseUrl: 'https://df.test/', fetch });
    const reply = await client.detectIntent({
      key: JSON.stringify(key),
      projectName: 'agent-1',
      sessionId: 's 1',
      text: 'Olá',
      languageCode: 'pt-BR',
    });
    expect(reply).toEqual({
      responses: ['Olá! Como posso ajudar?'],
      intent: 'Welcome',
      endConversation: false,
    });

    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      iss: key.client_email,
      aud: key.token_uri,
    });
    expect(
      verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);

    expect(calls[1]!.url).toBe(
      'https://df.test/v2/projects/agent-1/agent/sessions/s%201:detectIntent',
    );
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({
      queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } },
    });
  });

  it('keeps the access token until it expires', async () => {
    let now = 1_000_000;
    const { calls, fetch } = fakeFetch(() => answer({ fulfillmentText: 'hi' }));
    const client = new DialogflowClient({ fetch, now: () => now });
    const ask = () =>
      client.detectIntent({ key, projectName: 'p', sessionId: 's', text: 'x', languageCode: 'en' });
    await ask();
    await ask();
    expect(calls.filter((c) => c.url === key.token_uri)).toHaveLength(1);
    now += 3600_000;
    await ask();
    expect(calls.filter((c) => c.url === key.token_uri)).toHaveLength(2);
  });

  it('reads the end of the conversation and falls back to the fulfilment text', async () => {
    const { fetch } = fakeFetch(() =>
      answer({ fulfillmentText: 'Bye', intent: { displayName: 'End', endInteraction: true } }),
    );
    const client = new DialogflowClient({ fetch });
    await expect(
      client.detectIntent({ key, projectName: 'p', sessionId: 's', text: 'x', languageCode: 'en' }),
    ).resolves.toEqual({ responses: ['Bye'], intent: 'End', endConversation: true });
  });

  const failure = async (client: DialogflowClient, k: unknown = key) => {
    try {
      await client.detectIntent({
        key: k as typeof key,
        projectName: 'p',
        sessionId: 's',
        text: 'x',
        languageCode: 'en',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(DialogflowError);
      return (error as DialogflowError).kind;
    }
    throw new Error('no error');
  };

  it('turns garbage, refusals, bad keys and silence into typed errors', async () => {
    const garbage = fakeFetch(() => new Response('<html>oops', { status: 200 }));
    expect(await failure(new DialogflowClient({ fetch: garbage.fetch }))).toBe('bad-response');
    const noResult = fakeFetch(() => Response.json({ hello: 'world' }));
    expect(await failure(new DialogflowClient({ fetch: noResult.fetch }))).toBe('bad-response');
    const refused = fakeFetch(() => Response.json({}, { status: 403 }));
    expect(await failure(new DialogflowClient({ fetch: refused.fetch }))).toBe('auth');
    const broken = fakeFetch(() => Response.json({}, { status: 500 }));
    expect(await failure(new DialogflowClient({ fetch: broken.fetch }))).toBe('rejected');
    const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect(await failure(new DialogflowClient({ fetch: down.fetch }))).toBe('unreachable');
    const ok = fakeFetch(() => answer({}));
    expect(await failure(new DialogflowClient({ fetch: ok.fetch }), 'not json')).toBe(
      'invalid-key',
    );
    expect(
      await failure(new DialogflowClient({ fetch: ok.fetch }), { ...key, private_key: 'nope' }),
    ).toBe('invalid-key');
    expect(ok.calls).toHaveLength(0);
  });

  it('gives up after its timeout', async () => {
    const slow = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const started = Date.now();
    expect(await failure(new DialogflowClient({ fetch: slow.fetch, timeoutMs: 100 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
