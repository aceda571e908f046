import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';

/** The voice choices of a prompt (spec 3 §9): plain text, or a Brazilian Portuguese neural voice. */
export const PromptVoices = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PromptVoices)[number];

/** Defaults of a new prompt (spec 3 §9). */
export const PromptDefaults = {
  voice: 'texto',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const satisfies {
  voice: PromptVoice;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
};

/** Bounds the service enforces (the spec's intended schema: name 5-100, prompt at least 50). */
export const PromptLimits = {
  nameMin: 5,
  nameMax: 100,
  promptMin: 50,
  promptMax: 20_000,
  maxTokensMax: 4096,
  temperatureMax: 2,
  maxMessagesMax: 50,
} as const;

const queueId = ref('queue', recordId)
  .nullish()
  .transform((v) => v ?? null);

/**
 * POST /prompt and PUT /prompt/:id body. The queue is required but checked by the service so the answer
 * is ERR_PROMPT_QUEUE_REQUIRED ("Informe o setor"). On update an omitted, empty or masked apiKey (or
 * voiceKey) keeps the stored one.
 */
export const PromptInput = z.object({
  name: z.string().trim().min(PromptLimits.nameMin).max(PromptLimits.nameMax),
  prompt: z.string().trim().min(PromptLimits.promptMin).max(PromptLimits.promptMax),
  apiKey: z.string().trim().max(500).optional(),
  queueId,
  voice: z.enum(PromptVoices).default(PromptDefaults.voice),
  voiceKey: z.string().trim().max(500).optional(),
  voiceRegion: z.string().trim().max(50).default(''),
  maxTokens: z.coerce
    .number()
    .int()
    .min(1)
    .max(PromptLimits.maxTokensMax)
    .default(PromptDefaults.maxTokens),
  temperature: z.coerce
    .number()
    .min(0)
    .max(PromptLimits.temperatureMax)
    .default(PromptDefaults.temperature),
  maxMessages: z.coerce
    .number()
    .int()
    .min(1)
    .max(PromptLimits.maxMessagesMax)
    .default(PromptDefaults.maxMessages),
});
export type PromptInput = z.input<typeof PromptInput>;
export type PromptFields = z.infer<typeof PromptInput>;

/** A prompt as answered: apiKey and voiceKey are masked ("sk-...abcd"), never the stored secret. */
export type Prompt = {
  id: number;
  name: string;
  prompt: string;
  apiKey: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /prompt answer. */
export type PromptList = { prompts: Prompt[] };

/** DELETE /prompt/:id answer: the web app shows the message as an info toast. */
export type PromptDeleted = { id: number; message: string };

/** tickets.prompt.update */
export type PromptUpdateRequest = PromptFields & { id: number };

export type PromptEventData = { prompt: Prompt };
export type PromptDeletedEventData = { promptId: number };
export type PromptSocketPayload =
  { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };

/** How a secret is shown back: its first 3 and last 4 characters, or only dots when short. */
/** A prompt as a non-admin reads it (the pickers): not even the masked keys. */
export const withoutPromptKeys = (prompt: Prompt): Prompt => ({
  ...prompt,
  apiKey: '',
  voiceKey: '',
});

export const maskSecret = (secret: string): string => {
  if (!secret) return '';
  if (secret.length < 12) return '********';
  return `${secret.slice(0, 3)}...${secret.slice(-4)}`;
};

/**
 * What the model is told to answer when the contact asks for a person: a reply that carries it moves the
 * ticket to the prompt's queue (the words are Portuguese, like the bot's other texts).
 */
export const PromptTransferMark = 'Ação: Transferir para o setor de atendimento';
