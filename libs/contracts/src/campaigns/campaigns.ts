import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery, pageNumberField } from '../http/list-query.js';

/**
 * Campaigns (spec 3 §2.2, §2.4, §3, §4, §5, §7 "Campaigns"; BEHAVIOUR.md §6): a message with up to five
 * variants sent to every valid contact of a list (or of a tag) through one or several connections, at
 * the pace of the company's campaign settings, optionally after the contact confirms.
 */

/** Rows per page of the campaigns list and of a report's shipping records. */
export const CampaignPageSize = 20;
/** Message and confirmation variants (spec 3 §9). */
export const CampaignVariantCount = 5;
/** Editing closes this long before the scheduled time (spec 3 §4). */
export const CampaignEditLockMs = 60 * 60 * 1000;
/** A variant's longest text (WhatsApp caps a text at 4096 characters). */
export const CampaignMessageMax = 4_096;

/** A template parameter's longest text (Meta's limit of a template body). */
export const CampaignTemplateParameterMax = 1_024;
/** The most body parameters a template choice carries. */
export const CampaignTemplateParameterCount = 100;

/** The stored statuses, in the Portuguese spelling of the reference (spec 3 §4). */
export const CampaignStatuses = [
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
] as const;
export type CampaignStatus = (typeof CampaignStatuses)[number];

/** The other spellings the reference's clients send (INACTIVA, EN_CURSO), read as the stored ones. */
export const CampaignStatusAliases: Record<string, CampaignStatus> = {
  INACTIVA: 'INATIVA',
  EN_CURSO: 'EM_ANDAMENTO',
};

/** Either spelling of a status, case-insensitive, to the stored one (undefined when it is none). */
export const normaliseCampaignStatus = (value: string): CampaignStatus | undefined => {
  const upper = value.trim().toUpperCase();
  if ((CampaignStatuses as readonly string[]).includes(upper)) return upper as CampaignStatus;
  return CampaignStatusAliases[upper];
};

export const CampaignStatusInput = z.string().transform((value, ctx) => {
  const status = normaliseCampaignStatus(value);
  if (!status) {
    ctx.addIssue({ code: 'custom', message: 'Unknown status' });
    return z.NEVER;
  }
  return status;
});

/**
 * Editing is allowed while inactive or cancelled, or while scheduled more than an hour away
 * (spec 3 §4); a running or finished campaign is read-only (the dialog shows it so).
 */
export const canEditCampaign = (
  status: CampaignStatus,
  scheduledAt: Date | null,
  now: Date,
): boolean => {
  switch (status) {
    case 'INATIVA':
    case 'CANCELADA':
      return true;
    case 'PROGRAMADA':
      return !scheduledAt || scheduledAt.getTime() - now.getTime() > CampaignEditLockMs;
    case 'EM_ANDAMENTO':
    case 'FINALIZADA':
      return false;
  }
};

/** The placeholders the dialog's variable picker offers (spec 3 §2.2), as written between braces. */
export const CampaignPlaceholders = [
  'firstName',
  'name',
  'userName',
  'ms',
  'protocol',
  'date',
  'hour',
  'ticket_id',
  'queue',
  'connection',
] as const;

/** The form messages of spec 3 §5 (the web maps them to translation keys). */
export const CampaignMessages = {
  required: 'Este campo es obligatorio',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  connectionRequired: 'Select at least one connection',
  audienceRequired: 'Choose a contact list or a tag',
  messageRequired: 'Write at least one message',
  confirmationRequired: 'Write at least one confirmation message',
  templateLanguageRequired: "Choose the template's language",
  templateParameterRequired: 'Fill every parameter of the template',
  templateParameterCount: 'The template takes another number of parameters',
  templateNeedsCloudApi: 'Templates are sent on Cloud API connections: select one',
  templateNotFound: 'Not an approved template of every Cloud API connection chosen',
} as const;

const positiveId = recordId.max(2_147_483_647);
const variant = z.string().max(CampaignMessageMax, CampaignMessages.tooLong).nullish();

/** `whatsappId` as the reference sends it: one id, several joined by comma, or a list. */
const connectionIds = ref(
  'connection',
  z
    .union([z.array(z.union([z.number(), z.string()])).max(20), z.number(), z.string().max(200)])
    .nullish()
    .transform((value, ctx): number[] => {
      const parts =
        value === undefined || value === null
          ? []
          : Array.isArray(value)
            ? value
            : String(value).split(',');
      const ids = parts.map((part) => String(part).trim()).filter((part) => part !== '');
      const numbers = ids.map(Number);
      if (numbers.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: 'Invalid connection' });
        return z.NEVER;
      }
      return [...new Set(numbers)];
    }),
);

/** A list or tag id; empty (`''`, 0, null) means none. */
const optionalId = (kind: 'contactList' | 'tag') =>
  ref(
    kind,
    z
      .union([positiveId, z.literal(''), z.literal(0)])
      .nullish()
      .transform((value) => (typeof value === 'number' && value > 0 ? value : null)),
  );

/** A template's name or language; empty (`''`, null) means none. */
const templateText = (max: number, pattern: RegExp) =>
  z
    .union([z.literal(''), z.string().trim().max(max).regex(pattern, 'Invalid value')])
    .nullish()
    .transform((value) => value || null);

/**
 * The campaign's message template (Cloud API connections): its name and language as Meta lists them,
 * and one text per body parameter, in the template's order, with placeholders ({nome}, {firstName}…).
 * No name means no template (language and parameters are then ignored).
 */
const templateFields = {
  templateName: templateText(512, /^[a-z0-9_]+$/),
  templateLanguage: templateText(15, /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,4})?$/),
  templateParameters: z
    .array(z.string().max(CampaignTemplateParameterMax, CampaignMessages.tooLong))
    .max(CampaignTemplateParameterCount)
    .nullish()
    .transform((value) => value ?? []),
};

const variantFields = {
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  confirmationMessage1: variant,
  confirmationMessage2: variant,
  confirmationMessage3: variant,
  confirmationMessage4: variant,
  confirmationMessage5: variant,
};

/**
 * POST /campaigns and PUT /campaigns/:id body (spec 3 §2.2, §5): name 2-50, at least one connection,
 * a contact list or a tag, at least one message (and one confirmation message when confirmation is on).
 * `status` is read in either spelling but only the server moves a campaign (scheduledAt set: PROGRAMADA).
 */
export const CampaignInput = z
  .object({
    name: z
      .string({ error: CampaignMessages.required })
      .trim()
      .min(1, { error: CampaignMessages.required, abort: true })
      .min(2, { error: CampaignMessages.tooShort, abort: true })
      .max(50, CampaignMessages.tooLong),
    ...variantFields,
    ...templateFields,
    confirmation: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
      .nullish()
      .transform((v) => v ?? false),
    scheduledAt: z
      .union([z.literal(''), z.coerce.date()])
      .nullish()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    contactListId: optionalId('contactList'),
    tagListId: optionalId('tag'),
    whatsappId: connectionIds,
    status: CampaignStatusInput.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.whatsappId.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['whatsappId'],
        message: CampaignMessages.connectionRequired,
      });
    }
    if (!input.contactListId && !input.tagListId) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactListId'],
        message: CampaignMessages.audienceRequired,
      });
    }
    // a template stands in for the text on Cloud API connections (the service checks the set has one)
    if (messageVariants(input).length === 0 && !input.templateName) {
      ctx.addIssue({
        code: 'custom',
        path: ['message1'],
        message: CampaignMessages.messageRequired,
      });
    }
    if (input.templateName && !input.templateLanguage) {
      ctx.addIssue({
        code: 'custom',
        path: ['templateLanguage'],
        message: CampaignMessages.templateLanguageRequired,
      });
    }
    if (input.templateName && input.templateParameters.some((text) => text.trim() === '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['templateParameters'],
        message: CampaignMessages.templateParameterRequired,
      });
    }
    if (input.confirmation && confirmationVariants(input).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmationMessage1'],
        message: CampaignMessages.confirmationRequired,
      });
    }
  });
export type CampaignInput = z.infer<typeof CampaignInput>;
export type CampaignForm = z.input<typeof CampaignInput>;

type Variants = Partial<Record<keyof typeof variantFields, string | null | undefined>>;
const nonEmpty = (texts: (string | null | undefined)[]) =>
  texts.filter((text): text is string => !!text && text.trim() !== '');

/** The message variants that have text. */
export const messageVariants = (c: Variants): string[] =>
  nonEmpty([c.message1, c.message2, c.message3, c.message4, c.message5]);
/** The confirmation variants that have text. */
export const confirmationVariants = (c: Variants): string[] =>
  nonEmpty([
    c.confirmationMessage1,
    c.confirmationMessage2,
    c.confirmationMessage3,
    c.confirmationMessage4,
    c.confirmationMessage5,
  ]);

/** GET /campaigns/templates query: the approved templates of one of the company's Cloud API connections. */
export const CampaignTemplatesQuery = z.object({
  whatsappId: ref('connection', positiveId),
});
export type CampaignTemplatesQuery = z.infer<typeof CampaignTemplatesQuery>;

/** GET /campaigns query: search by name, page, and an optional status in either spelling. */
export const CampaignsQuery = listQuery(
  {
    status: CampaignStatusInput.optional(),
  },
  { pageMax: 100_000 },
);
export type CampaignsQuery = z.infer<typeof CampaignsQuery>;
export type CampaignsParams = z.input<typeof CampaignsQuery>;

/** GET /campaigns/:id/report query: a page of shipping records. */
export const CampaignReportQuery = z.object({
  id: ref('campaign', positiveId),
  pageNumber: pageNumberField(100_000),
});
export type CampaignReportQuery = z.infer<typeof CampaignReportQuery>;

export type CampaignRecord = {
  id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  contactListId: number | null;
  tagListId: number | null;
  /** the connections, joined by comma as the reference stores them */
  whatsappId: string;
  mediaPath: string | null;
  mediaName: string | null;
  /** the template sent on Cloud API connections instead of the text (null: none) */
  templateName: string | null;
  templateLanguage: string | null;
  /** one text per body parameter, placeholders filled per contact when sent */
  templateParameters: string[];
  companyId: number;
  contactList: { id: number; name: string } | null;
  /** the tag audience's name (null without one) */
  tag: { id: number; name: string } | null;
  /** how its shipping rows stand (the report's counters of the same names) */
  counters: CampaignListCounters;
  /** finished without one message going out though some were tried: the list shows it as failed */
  allFailed: boolean;
  createdAt: string;
  updatedAt: string;
};
/** The counters each campaign of the list carries. */
export type CampaignListCounters = Pick<
  CampaignCounters,
  'total' | 'sent' | 'delivered' | 'failed' | 'optOuts'
>;

/**
 * A finished campaign none of whose messages reached the channel while at least one was tried and
 * failed (every other row skipped as opted out) did not run: it reads as failed, not finished.
 */
export const campaignAllFailed = (
  status: CampaignStatus,
  counters: Pick<CampaignListCounters, 'sent' | 'failed'>,
): boolean => status === 'FINALIZADA' && counters.sent === 0 && counters.failed > 0;

/**
 * "Start now": an inactive or scheduled campaign, or a cancelled one that never started, becomes due
 * at once (a cancelled one that had started is restarted instead).
 */
export const canStartNow = (status: CampaignStatus, started: boolean): boolean =>
  status === 'INATIVA' || status === 'PROGRAMADA' || (status === 'CANCELADA' && !started);

/** GET /campaigns answer. */
export type CampaignsPage = { records: CampaignRecord[]; hasMore: boolean };

/** Where one contact's shipping is. */
export const ShippingStatuses = [
  'pending',
  'awaiting_confirmation',
  'confirmed',
  'delivered',
  'failed',
  /** not sent: the number had opted out when its turn came */
  'opted_out',
] as const;
export type ShippingStatus = (typeof ShippingStatuses)[number];

/** One shipping record: one per (campaign, contact). */
export type CampaignShippingRecord = {
  id: number;
  campaignId: number;
  number: string;
  name: string;
  status: ShippingStatus;
  /** the variant this contact gets, placeholders filled when it is sent */
  message: string;
  confirmationMessage: string | null;
  whatsappId: number;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  error: string | null;
  /** the contact's first reply within the reply window of this shipping's last message */
  repliedAt: string | null;
  replyCount: number;
  /** when the number opted out, if it did answering this campaign or this row was skipped for it */
  optedOutAt: string | null;
};

/**
 * The report's counters: every shipping row is in exactly one of failed, delivered, skipped (opted out
 * before its turn, counted in optOuts) and pending.
 */
export type CampaignCounters = {
  total: number;
  /** at least one message reached the channel (confirmation or message) */
  sent: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
  pending: number;
  /** contacts who answered this campaign with an opt-out word, and rows skipped as opted out */
  optOuts: number;
  /** shippings the contact replied to within the reply window (an opt-out reply counts too) */
  replies: number;
};

/** GET /campaigns/:id/report answer. */
export type CampaignReport = {
  campaign: CampaignRecord;
  counters: CampaignCounters;
  records: CampaignShippingRecord[];
  hasMore: boolean;
};

/**
 * POST /campaigns/:id/test-send body: the number to try the campaign on before it starts, and which of
 * its connections sends (its first when left out). Nothing is recorded as a shipping.
 */
export const CampaignTestSendInput = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\d\s()+.-]+$/, 'only digits')
    .transform((number) => number.replace(/\D/g, ''))
    .pipe(z.string().min(8).max(20)),
  whatsappId: ref('connection', z.union([z.literal(''), z.null(), positiveId]))
    .optional()
    .transform((id) => (typeof id === 'number' ? id : null)),
});
export type CampaignTestSendInput = z.infer<typeof CampaignTestSendInput>;
/** What a test send sent: its messages, in order (confirmation, message, media). */
export type CampaignTestSendReply = { sent: number };

/** Bus request data. */
export type CampaignIdRequest = { id: number };
export type CampaignTestSendRequest = CampaignTestSendInput & { id: number };
export type CampaignUpdateRequest = CampaignInput & { id: number };
export type CampaignMediaRequest = {
  id: number;
  mediaPath: string;
  mediaName: string;
  mimeType: string;
  size: number;
};
/** Media set or removed: `previousMediaPath` is the file no record points to any more. */
export type CampaignMediaReply = CampaignRecord & { previousMediaPath: string | null };
export type CampaignDeleteReply = { id: number; mediaPath: string | null };

/** evt.<cid>.campaigns.campaign.created|updated */
export type CampaignEventData = { record: CampaignRecord };
/** evt.<cid>.campaigns.campaign.deleted */
export type CampaignDeletedEventData = { id: number };

/**
 * evt.<cid>.campaigns.campaign-reply.recorded: a shipping's first reply, its contact opting out, or the
 * row skipped because the number opted out while it waited for a confirmation. The report patches the
 * row and adds `counters` to its own (no number, no message body).
 */
export type CampaignReplyEventData = {
  campaignId: number;
  shippingId: number;
  status: ShippingStatus;
  repliedAt: string | null;
  replyCount: number;
  optedOutAt: string | null;
  /** what this change adds to the report's counters */
  counters: Partial<Pick<CampaignCounters, 'replies' | 'optOuts' | 'pending'>>;
};
/** `company-<id>-campaignReply`: the event as it is. */
export type CampaignReplySocketPayload = CampaignReplyEventData;

/** `company-<id>-campaign` (spec 3 §7 real-time). */
export type CampaignSocketPayload =
  { action: 'create' | 'update'; record: CampaignRecord } | { action: 'delete'; id: number };
