import { BotFailure, callBot, type BotHttpOptions } from './bot-http.js';

/** A prompt's Azure neural voice with the Speech resource it is spoken with. */
export type SpeechVoice = { name: string; key: string; region: string };

/** Ogg/Opus: what WhatsApp plays as a voice note. */
export const SpeechOutputFormat = 'ogg-48khz-16bit-mono-opus';
export const SpeechMimeType = 'audio/ogg';
export const DefaultAzureTtsUrl = 'https://{region}.tts.speech.microsoft.com';

const UserAgent = 'switchboard-tickets';

/** The voice's locale, from its name (`pt-BR-FranciscaNeural` → `pt-BR`). */
export const voiceLanguage = (voiceName: string): string =>
  voiceName.split('-').slice(0, 2).join('-');

export const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SSML document that says `text` with the voice (the text escaped, never markup). */
export const speechSsml = (voiceName: string, text: string): string =>
  `<speak version='1.0' xml:lang='${escapeXml(voiceLanguage(voiceName))}'>` +
  `<voice name='${escapeXml(voiceName)}'>${escapeXml(text)}</voice></speak>`;

/** `{base}/cognitiveservices/v1`, the base a URL template that may name `{region}`. */
export const speechEndpoint = (template: string, region: string): string =>
  `${template.replaceAll('{region}', encodeURIComponent(region)).replace(/\/+$/, '')}/cognitiveservices/v1`;

export type AzureTtsOptions = BotHttpOptions & {
  /** AZURE_TTS_URL, default https://{region}.tts.speech.microsoft.com */
  baseUrl: string;
};

/**
 * Azure Speech text to speech over REST (`POST /cognitiveservices/v1` with SSML and the resource key):
 * answers the audio as Ogg/Opus. A timeout, a refusal, an answer that is not audio or an empty one is a
 * BotFailure.
 */
export class AzureTts {
  constructor(private readonly options: AzureTtsOptions) {}

  async synthesize(voice: SpeechVoice, text: string): Promise<Buffer> {
    const { bytes, contentType } = await callBot(
      speechEndpoint(this.options.baseUrl, voice.region),
      {
        headers: {
          'ocp-apim-subscription-key': voice.key,
          'content-type': 'application/ssml+xml',
          'x-microsoft-outputformat': SpeechOutputFormat,
          'user-agent': UserAgent,
          accept: '*/*',
        },
        raw: speechSsml(voice.name, text),
      },
      this.options,
    );
    if (bytes.length === 0) throw new BotFailure('bad-response', 'Azure TTS answered no audio');
    if (contentType && !/^audio\//i.test(contentType))
      throw new BotFailure('bad-response', `Azure TTS answered ${contentType}, not audio`);
    return bytes;
  }
}
