import { PromptTransferMark } from '@sb/contracts';
import { streamToBuffer, type ObjectStorage } from '@sb/storage';
import { z } from 'zod';
import type { BotTexts } from '../language/bot-texts.js';
import type { PromptWithKeys } from '../../prompts/prompts.service.js';
import { BotFailure, callBot, type BotHttpOptions } from './bot-http.js';
import type { BotMessage, BotOutcome } from './external-bot.js';

const TransferMark = PromptTransferMark;

/**
 * The prompt's instructions, plus how to ask for a person: the instructions in the bot language, the
 * mark itself fixed (the contract promptOutcome recognises in every language).
 */
export const systemText = (prompt: PromptWithKeys, contactName: string, texts: BotTexts): string =>
  [
    prompt.prompt.trim(),
    texts.promptContactName(contactName),
    texts.promptTransferRule(TransferMark),
  ].join('\n\n');

/** One earlier message of the ticket (oldest first, the current one last), as history for the model. */
export type HistoryLine = { fromMe: boolean; body: string };

export const chatMessages = (
  prompt: PromptWithKeys,
  contactName: string,
  history: HistoryLine[],
  texts: BotTexts,
) => [
  { role: 'system', content: systemText(prompt, contactName, texts) },
  ...history
    .filter((line) => line.body.trim())
    .slice(-prompt.maxMessages)
    .map((line) => ({ role: line.fromMe ? 'assistant' : 'user', content: line.body })),
];

/** The model's answer: a transfer when it starts with the mark (what follows it is still said). */
export const promptOutcome = (answer: string, queueId: number | null): BotOutcome => {
  const text = answer.trim();
  const at = text.toLowerCase().indexOf(TransferMark.toLowerCase());
  if (at === -1) return { texts: text ? [text] : [] };
  const rest = (text.slice(0, at) + text.slice(at + TransferMark.length)).replace(
    /^[\s."':-]+|[\s"']+$/g,
    '',
  );
  return { texts: rest ? [rest] : [], handOver: { queueId, userId: null } };
};

const Completion = z.looseObject({
  choices: z
    .array(z.looseObject({ message: z.looseObject({ content: z.string().nullable() }) }))
    .min(1),
});
const Transcription = z.looseObject({ text: z.string() });

export type PromptBotOptions = BotHttpOptions & { baseUrl: string; model: string; texts: BotTexts };

/**
 * OpenAI prompts: the prompt's text as system message, the last maxMessages messages of the ticket as
 * history, the prompt's max_tokens and temperature; audio is transcribed (whisper-1) first. A model that
 * asks for a person hands the ticket to the prompt's queue.
 */
export class PromptBot {
  constructor(
    private readonly options: PromptBotOptions,
    private readonly storage: () => Promise<ObjectStorage>,
  ) {}

  async run(
    prompt: PromptWithKeys,
    contactName: string,
    history: HistoryLine[],
    message: BotMessage | null,
  ): Promise<BotOutcome> {
    if (!message) return { texts: [] };
    const said =
      message.mediaType === 'audio' && message.mediaKey
        ? await this.transcribe(prompt.apiKey, message)
        : message.body;
    if (!said.trim()) return { texts: [] };
    const lines = [...history, { fromMe: false, body: said }];
    const { json } = await callBot(
      `${this.options.baseUrl}/chat/completions`,
      {
        headers: { authorization: `Bearer ${prompt.apiKey}` },
        body: {
          model: this.options.model,
          messages: chatMessages(prompt, contactName, lines, this.options.texts),
          max_tokens: prompt.maxTokens,
          temperature: prompt.temperature,
        },
      },
      this.options,
    );
    const parsed = Completion.safeParse(json);
    if (!parsed.success) throw new BotFailure('bad-response', 'OpenAI answered no completion');
    return promptOutcome(parsed.data.choices[0]!.message.content ?? '', prompt.queueId);
  }

  private async transcribe(apiKey: string, message: BotMessage): Promise<string> {
    const object = await (await this.storage()).get(message.mediaKey!);
    const bytes = await streamToBuffer(object.stream);
    const form = new FormData();
    form.set('model', 'whisper-1');
    form.set(
      'file',
      new Blob([bytes], { type: object.contentType }),
      message.mediaName ?? 'audio.ogg',
    );
    const { json } = await callBot(
      `${this.options.baseUrl}/audio/transcriptions`,
      { headers: { authorization: `Bearer ${apiKey}` }, form },
      this.options,
    );
    const parsed = Transcription.safeParse(json);
    if (!parsed.success) throw new BotFailure('bad-response', 'OpenAI answered no transcription');
    return parsed.data.text;
  }
}
