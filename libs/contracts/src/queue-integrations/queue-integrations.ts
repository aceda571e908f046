import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/** The bot integrations a queue or a chatbot option can hand a conversation to (spec 3 §2.14). */
export const QueueIntegrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type QueueIntegrationType = (typeof QueueIntegrationTypes)[number];

/** Dialogflow agent languages offered by the form (spec 3 §9). */
export const QueueIntegrationLanguages = ['pt-BR', 'en', 'es'] as const;
/**
 * Any language tag a Dialogflow agent may have ("fr", "pt-PT", "zh-HK"): the family's forks offer more
 * than our form's three, and their stored integrations carry them (`pt_BR` is read as `pt-BR`).
 */
export type QueueIntegrationLanguage = string;
const IntegrationLanguage = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,4})?$/, 'Invalid language')
    .transform((tag) => {
      const [lang, region] = tag.split(/[-_]/);
      return region ? `${lang!.toLowerCase()}-${region.toUpperCase()}` : lang!.toLowerCase();
    })
    .default('pt-BR'),
);

/** The types whose projectName is their name (spec 3 §3): only Dialogflow names a real project. */
export const typeUsesNameAsProject = (type: QueueIntegrationType): boolean => type !== 'dialogflow';

/** Typebot defaults (spec 3 §3, §9). */
export const TypebotDefaults = { delayMessage: 1000, expires: 1 } as const;

/**
 * What the API answers instead of a stored private key: the edit form shows the key's JSON with this in
 * `private_key`, and a save or a test that sends it back keeps the stored key.
 */
export const MaskedSecret = '********';

export const DialogflowDefaultTokenUri = 'https://oauth2.googleapis.com/token';

/** The fields of a Google service-account key the Dialogflow client uses. */
export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  token_uri: string;
  project_id?: string;
  private_key_id?: string;
};

const ServiceAccountKeySchema = z.looseObject({
  client_email: z.string().trim().min(3).max(320),
  private_key: z.string().min(1).max(10_000),
  token_uri: z.url({ protocol: /^https?$/ }).optional(),
  project_id: z.string().max(200).optional(),
  private_key_id: z.string().max(200).optional(),
});

/**
 * Reads a service-account key (the Dialogflow jsonContent): a JSON object with client_email and
 * private_key; token_uri defaults to Google's. Undefined when the text is no such key.
 */
export const parseServiceAccountKey = (
  text: string,
): (ServiceAccountKey & Record<string, unknown>) | undefined => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = ServiceAccountKeySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  return { ...parsed.data, token_uri: parsed.data.token_uri ?? DialogflowDefaultTokenUri };
};

const shortText = (max: number) => z.string().trim().max(max).default('');

/** The form's name rule (spec 3 §5): 2 to 50 characters, required, with the spec's texts. */
export const QueueIntegrationName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * POST /queueIntegration and PUT /queueIntegration/:id body (spec 3 §3, §5). N8N and webhook need
 * urlN8N, typebot needs typebotSlug, Dialogflow a project and a service-account key; for every type but
 * Dialogflow the projectName becomes the name.
 */
export const QueueIntegrationInput = z
  .object({
    type: z.enum(QueueIntegrationTypes, { error: 'Required' }),
    name: QueueIntegrationName,
    projectName: shortText(100),
    jsonContent: z.string().max(20_000).default(''),
    language: IntegrationLanguage,
    urlN8N: shortText(500),
    typebotSlug: shortText(200),
    typebotExpires: z.coerce.number().int().min(0).max(100_000).default(TypebotDefaults.expires),
    typebotDelayMessage: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(TypebotDefaults.delayMessage),
    typebotKeywordFinish: shortText(100),
    typebotKeywordRestart: shortText(100),
    typebotUnknownMessage: shortText(2000),
    typebotRestartMessage: shortText(2000),
  })
  .superRefine((value, ctx) => {
    const required = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: 'Required' });
    if ((value.type === 'n8n' || value.type === 'webhook') && !value.urlN8N) required('urlN8N');
    if (value.urlN8N && !isHttpUrl(value.urlN8N)) {
      ctx.addIssue({ code: 'custom', path: ['urlN8N'], message: 'Invalid URL' });
    }
    if (value.type === 'typebot' && !value.typebotSlug) required('typebotSlug');
    if (value.type === 'dialogflow') {
      if (!value.projectName) required('projectName');
      if (!value.jsonContent.trim()) required('jsonContent');
      else if (!parseServiceAccountKey(value.jsonContent)) {
        ctx.addIssue({ code: 'custom', path: ['jsonContent'], message: 'Invalid key' });
      }
    }
  })
  .transform((value) =>
    typeUsesNameAsProject(value.type) ? { ...value, projectName: value.name } : value,
  );
export type QueueIntegrationInput = z.infer<typeof QueueIntegrationInput>;
/** What the form sends (before defaults). */
export type QueueIntegrationDraft = z.input<typeof QueueIntegrationInput>;

/** GET /queueIntegration query. */
export const QueueIntegrationListQuery = listQuery({});
export type QueueIntegrationListQuery = z.infer<typeof QueueIntegrationListQuery>;

export const QueueIntegrationPageSize = 20;

/**
 * POST /queueIntegration/testSession body (spec 3 §7). `id` lets the edit form test with the stored key
 * when it sends the masked one back.
 */
export const QueueIntegrationTestInput = z.object({
  projectName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100),
  jsonContent: z.string({ error: 'Required' }).min(1, 'Required').max(20_000),
  language: IntegrationLanguage,
  id: ref('queueIntegration', recordId).optional(),
});
export type QueueIntegrationTestInput = z.infer<typeof QueueIntegrationTestInput>;

/** An integration as the API answers it; `jsonContent` has its private key masked (MaskedSecret). */
export type QueueIntegration = {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: QueueIntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  createdAt: string;
  updatedAt: string;
};

/** GET /queueIntegration answer: a page, the number of matches and whether more pages follow. */
export type QueueIntegrationPage = {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
};

/** POST /queueIntegration/testSession answer: what the agent said to the test text. */
export type QueueIntegrationTestResult = {
  ok: true;
  /** the text sent to the agent */
  text: string;
  responses: string[];
  intent: string | null;
  endConversation: boolean;
};

/** tickets.queue-integration.update */
export type QueueIntegrationUpdateRequest = QueueIntegrationInput & { id: number };

export type QueueIntegrationEventData = { queueIntegration: QueueIntegration };
export type QueueIntegrationDeletedEventData = { integrationId: number };

/** company-<id>-queueIntegration (spec 3 §7). */
export type QueueIntegrationSocketPayload =
  | { action: 'create' | 'update'; queueIntegration: QueueIntegration }
  | { action: 'delete'; integrationId: number };
