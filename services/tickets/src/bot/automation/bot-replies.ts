import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { mediaKey } from '@sb/storage';
import { MediaStorage } from '../../media/media-storage.js';
import { MessageSending } from '../../messages/message-sending.service.js';
import {
  AzureTts,
  DefaultAzureTtsUrl,
  SpeechMimeType,
  type SpeechVoice,
} from '../external-bots/azure-tts.js';
import { botHttpOptions } from '../external-bots/bot-http.js';
import type { ReplyForm } from '../external-bots/reply-form.js';

/**
 * Says one reply of an external bot: written, or spoken (a prompt with a voice: Azure TTS, the audio
 * kept in the media store and sent as a voice note, the text as its caption so agents read it). When
 * speaking fails the text is written instead: the contact never loses the answer. AZURE_TTS_URL
 * replaces the Azure address (may name `{region}`); BOT_TIMEOUT_MS bounds the call.
 */
@Injectable()
export class BotReplies {
  private readonly tts: AzureTts;

  constructor(
    private readonly messages: MessageSending,
    private readonly storage: MediaStorage,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.tts = new AzureTts({
      ...botHttpOptions(env),
      baseUrl: env.AZURE_TTS_URL?.trim() || DefaultAzureTtsUrl,
    });
  }

  async say(ctx: RequestContext, ticketId: number, text: string, form?: ReplyForm): Promise<void> {
    if (!text.trim()) return;
    if (form?.kind === 'speak' && (await this.speak(ctx, ticketId, text, form.voice))) return;
    if (form?.kind === 'write' && form.unspeakable)
      this.logger.warn(
        { companyId: ctx.companyId, ticketId, reason: form.unspeakable },
        'bot reply written: its voice cannot speak',
      );
    await this.messages.sendSystemText(ctx, ticketId, text, { awaitSend: true });
  }

  /** True when the audio was sent; false (logged) when it could not be made. */
  private async speak(
    ctx: RequestContext,
    ticketId: number,
    text: string,
    voice: SpeechVoice,
  ): Promise<boolean> {
    let key: string;
    let size: number;
    try {
      const audio = await this.tts.synthesize(voice, text);
      key = mediaKey({ companyId: ctx.companyId, area: 'messages', fileName: 'reply.ogg' });
      await (
        await this.storage.get()
      ).put(key, audio, {
        contentType: SpeechMimeType,
        size: audio.length,
      });
      size = audio.length;
    } catch (err) {
      const failure = err as { kind?: string; status?: number };
      this.logger.warn(
        {
          companyId: ctx.companyId,
          ticketId,
          voice: voice.name,
          kind: failure.kind,
          status: failure.status,
          err,
        },
        'text to speech failed: the reply is written',
      );
      return false;
    }
    await this.messages.sendSystemMedia(
      ctx,
      ticketId,
      { key, mimeType: SpeechMimeType, fileName: 'reply.ogg', size, mediaType: 'audio' },
      text,
      { awaitSend: true },
    );
    return true;
  }
}
