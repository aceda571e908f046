import type { PromptVoice } from '@sb/contracts';
import type { SpeechVoice } from './azure-tts.js';

/**
 * How a bot's reply texts reach the contact: written, or spoken with an Azure voice. A prompt with a
 * voice it cannot speak with (no key or region) still writes, and says why for the log.
 */
export type ReplyForm =
  { kind: 'write'; unspeakable?: string } | { kind: 'speak'; voice: SpeechVoice };

export const written: ReplyForm = { kind: 'write' };

/** Speak or write (spec 3 §2.16): 'texto' writes; any other voice speaks with the prompt's key and region. */
export const replyForm = (prompt: {
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
}): ReplyForm => {
  if (prompt.voice === 'texto') return written;
  const key = prompt.voiceKey.trim();
  const region = prompt.voiceRegion.trim();
  if (!key) return { kind: 'write', unspeakable: 'the prompt has a voice but no voice key' };
  if (!region) return { kind: 'write', unspeakable: 'the prompt has a voice but no voice region' };
  // the region becomes part of the Azure host name: an Azure region name, nothing else
  if (!/^[a-z0-9]+$/i.test(region))
    return { kind: 'write', unspeakable: 'the voice region is not an Azure region name' };
  return { kind: 'speak', voice: { name: prompt.voice, key, region } };
};
