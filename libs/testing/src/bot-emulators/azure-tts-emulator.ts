import {
  BotEmulatorServer,
  type EmulatedRequest,
  type EmulatorReply,
} from './bot-emulator-server.js';

/** One `POST /cognitiveservices/v1` as received, its SSML read back. */
export type SpeechCall = {
  /** the `{region}` path segment of `ttsUrl` ('' when called without one) */
  region: string;
  /** `<speak xml:lang>` */
  language: string;
  /** `<voice name>` */
  voice: string;
  /** what the voice says, XML entities decoded */
  text: string;
  outputFormat: string;
  key: string | undefined;
  userAgent: string | undefined;
  ssml: string;
};

export type AzureTtsEmulatorOptions = {
  port?: number;
  /** when set, requests must carry `Ocp-Apim-Subscription-Key: <key>` (else 401) */
  key?: string;
};

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

const decodeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return entities[code] ?? all;
  });

const attribute = (tag: string, name: string): string =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`)
    .exec(tag)
    ?.slice(1)
    .find(Boolean) ?? '';

const empty = (status: number): EmulatorReply => ({ status, body: '', contentType: 'text/plain' });

/** The audio the emulator answers: the Ogg magic bytes, then the spoken text (tests can read it back). */
export const emulatedSpeech = (text: string): Buffer =>
  Buffer.concat([Buffer.from('OggS'), Buffer.from(text, 'utf8')]);

/**
 * Azure Speech text to speech over real HTTP (`POST [/{region}]/cognitiveservices/v1`): checks the key,
 * the SSML content type and the output format as Azure does (401, 415, 400 with an empty body), records
 * each call with its SSML read back, and answers `emulatedSpeech(text)` as `audio/ogg`. Failures come
 * from `failNext` / `failAlways`.
 */
export class AzureTtsEmulator extends BotEmulatorServer {
  readonly calls: SpeechCall[] = [];

  constructor(private readonly options: AzureTtsEmulatorOptions = {}) {
    super(options.port);
  }

  /** What AZURE_TTS_URL is set to: the region becomes a path segment. */
  get ttsUrl(): string {
    return `${this.url}/{region}`;
  }

  override reset(): void {
    super.reset();
    this.calls.length = 0;
  }

  protected handle(request: EmulatedRequest): EmulatorReply {
    const route = /^(?:\/([^/]+))?\/cognitiveservices\/v1$/.exec(request.path);
    if (request.method !== 'POST' || !route) return empty(404);
    const key = request.headers['ocp-apim-subscription-key'];
    if (this.options.key && key !== this.options.key) return empty(401);
    if (!request.headers['content-type']?.startsWith('application/ssml+xml')) return empty(415);
    const outputFormat = request.headers['x-microsoft-outputformat'] ?? '';
    const ssml = request.raw.toString('utf8');
    const speak = /<speak\b[^>]*>/.exec(ssml)?.[0];
    const voice = /<voice\b([^>]*)>([\s\S]*?)<\/voice>/.exec(ssml);
    if (!outputFormat || !speak || !voice) return empty(400);
    const call: SpeechCall = {
      region: decodeURIComponent(route[1] ?? ''),
      language: attribute(speak, 'xml:lang'),
      voice: attribute(voice[1]!, 'name'),
      text: decodeXml(voice[2]!),
      outputFormat,
      key,
      userAgent: request.headers['user-agent'],
      ssml,
    };
    this.calls.push(call);
    return { status: 200, body: emulatedSpeech(call.text), contentType: 'audio/ogg' };
  }
}
