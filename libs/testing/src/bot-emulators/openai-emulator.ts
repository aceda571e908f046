import { randomUUID } from 'node:crypto';
import {
  BotEmulatorServer,
  jsonReply,
  type EmulatedRequest,
  type EmulatorReply,
} from './bot-emulator-server.js';

export type ChatMessage = { role: string; content: unknown; name?: string };

/** One `POST /v1/chat/completions` as received. */
export type ChatCompletionCall = {
  model: string;
  messages: ChatMessage[];
  max_tokens?: number;
  temperature?: number;
  /** the Authorization header as sent */
  authorization: string | undefined;
};

/** One `POST /v1/audio/transcriptions` as received (multipart). */
export type TranscriptionCall = {
  model: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  language?: string;
  authorization: string | undefined;
};

export type OpenAiEmulatorOptions = {
  port?: number;
  /** when set, requests must carry `Authorization: Bearer <apiKey>` (else 401 invalid_api_key) */
  apiKey?: string;
  /** the assistant's answer (default: echoes the last user message) */
  chat?: (call: ChatCompletionCall) => string;
  /** the transcribed text (default: "transcribed <file name>") */
  transcribe?: (call: TranscriptionCall) => string;
};

const openAiError = (status: number, message: string, code: string | null, type: string) =>
  jsonReply({ error: { message, type, param: null, code } }, status);

const lastUserText = (messages: ChatMessage[]): string => {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
};

/**
 * The parts of OpenAI's API the prompt integration uses, over real HTTP: chat completions (records the
 * model, messages, max_tokens, temperature and Authorization; answers a scripted assistant text) and
 * audio transcriptions (multipart; answers a scripted text).
 */
export class OpenAiEmulator extends BotEmulatorServer {
  readonly completions: ChatCompletionCall[] = [];
  readonly transcriptions: TranscriptionCall[] = [];
  private chat: (call: ChatCompletionCall) => string;
  private transcribe: (call: TranscriptionCall) => string;

  constructor(private readonly options: OpenAiEmulatorOptions = {}) {
    super(options.port);
    this.chat = options.chat ?? ((call) => lastUserText(call.messages));
    this.transcribe = options.transcribe ?? ((call) => `transcribed ${call.fileName}`);
  }

  /** What OPENAI base URLs are set to (`${url}/v1`). */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  setChat(chat: (call: ChatCompletionCall) => string): this {
    this.chat = chat;
    return this;
  }

  setTranscribe(transcribe: (call: TranscriptionCall) => string): this {
    this.transcribe = transcribe;
    return this;
  }

  override reset(): void {
    super.reset();
    this.completions.length = 0;
    this.transcriptions.length = 0;
  }

  protected async handle(request: EmulatedRequest): Promise<EmulatorReply> {
    const authorization = request.headers.authorization;
    if (this.options.apiKey && authorization !== `Bearer ${this.options.apiKey}`) {
      return openAiError(
        401,
        'Incorrect API key provided.',
        'invalid_api_key',
        'invalid_request_error',
      );
    }
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      return this.completion(request, authorization);
    }
    if (request.method === 'POST' && request.path === '/v1/audio/transcriptions') {
      return this.transcription(request, authorization);
    }
    return openAiError(
      404,
      `Invalid URL (${request.method} ${request.path})`,
      null,
      'invalid_request_error',
    );
  }

  private completion(request: EmulatedRequest, authorization: string | undefined): EmulatorReply {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return openAiError(
        400,
        'We could not parse the JSON body of your request.',
        null,
        'invalid_request_error',
      );
    }
    const fields = body as Record<string, unknown>;
    if (typeof fields.model !== 'string' || !Array.isArray(fields.messages)) {
      return openAiError(
        400,
        "Missing required parameter: 'model' or 'messages'.",
        null,
        'invalid_request_error',
      );
    }
    const call: ChatCompletionCall = {
      model: fields.model,
      messages: fields.messages as ChatMessage[],
      ...(typeof fields.max_tokens === 'number' ? { max_tokens: fields.max_tokens } : {}),
      ...(typeof fields.temperature === 'number' ? { temperature: fields.temperature } : {}),
      authorization,
    };
    this.completions.push(call);
    const content = this.chat(call);
    const promptTokens = JSON.stringify(call.messages).length >> 2;
    const completionTokens = content.length >> 2;
    return jsonReply({
      id: `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: call.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  private async transcription(
    request: EmulatedRequest,
    authorization: string | undefined,
  ): Promise<EmulatorReply> {
    const contentType = request.headers['content-type'] ?? '';
    let form: FormData;
    try {
      form = await new Request('http://emulator/upload', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(request.raw),
      }).formData();
    } catch {
      return openAiError(400, 'Could not parse multipart form', null, 'invalid_request_error');
    }
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof Blob) || typeof model !== 'string') {
      return openAiError(
        400,
        "Missing required parameter: 'file' or 'model'.",
        null,
        'invalid_request_error',
      );
    }
    const language = form.get('language');
    const call: TranscriptionCall = {
      model,
      fileName: file instanceof File ? file.name : 'file',
      mimeType: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
      ...(typeof language === 'string' ? { language } : {}),
      authorization,
    };
    this.transcriptions.push(call);
    const text = this.transcribe(call);
    const format = form.get('response_format');
    if (format === 'text')
      return { status: 200, body: text, contentType: 'text/plain; charset=utf-8' };
    return jsonReply({ text });
  }
}
