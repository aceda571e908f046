import { z } from 'zod';

/**
 * Campaign settings (spec 3 §2.3, §3, §9): the pacing of a company's campaigns, in seconds, and its
 * variables (key, value) offered by the campaign dialog's picker, the opt-out words and the reply window
 * (issue 17). Saved as a whole.
 */
export const MessageIntervalChoices = [0, 5, 10, 15, 20] as const;
export const LongerIntervalAfterChoices = [0, 5, 10, 15, 20] as const;
export const GreaterIntervalChoices = [0, 20, 30, 40, 50, 60] as const;
export const CampaignVariablesMax = 50;
/** Opt-out words a company starts with: a contact who answers one of them is never messaged again. */
export const DefaultOptOutWords = ['SAIR', 'PARAR', 'STOP'] as const;
export const OptOutWordsMax = 50;
/** The longest opt-out word (a longer message is never one). */
export const OptOutWordMax = 40;
/** How long after a campaign message a contact's message counts as a reply to it, in hours. */
export const DefaultReplyWindowHours = 24;
export const ReplyWindowHoursMax = 720;

const choice = (choices: readonly number[], fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : value),
    z.coerce
      .number()
      .int()
      .refine((n) => choices.includes(n), { message: `One of ${choices.join(', ')}` }),
  );

export const CampaignVariable = z.object({
  key: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(40, 'Too Long!')
    .regex(/^[\p{L}\p{N}_-]+$/u, 'Letters, digits, _ and - only'),
  value: z.string().max(1_000, 'Too Long!').default(''),
});
export type CampaignVariable = z.infer<typeof CampaignVariable>;

export const CampaignSettingsValues = z.object({
  messageInterval: choice(MessageIntervalChoices, 20),
  longerIntervalAfter: choice(LongerIntervalAfterChoices, 20),
  greaterInterval: choice(GreaterIntervalChoices, 60),
  variables: z
    .array(CampaignVariable)
    .max(CampaignVariablesMax, 'Too many')
    .default([])
    .superRefine((variables, ctx) => {
      const seen = new Set<string>();
      variables.forEach((variable, index) => {
        if (seen.has(variable.key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'Duplicate key' });
        }
        seen.add(variable.key);
      });
    }),
  /** matched against the whole message, trimmed, case- and accent-insensitive */
  optOutWords: z
    .array(z.string().trim().min(1, 'Required').max(OptOutWordMax, 'Too Long!'))
    .max(OptOutWordsMax, 'Too many')
    .default([...DefaultOptOutWords]),
  replyWindowHours: z.preprocess(
    (value) =>
      value === undefined || value === null || value === '' ? DefaultReplyWindowHours : value,
    z.coerce.number().int().min(1).max(ReplyWindowHoursMax),
  ),
});
export type CampaignSettingsValues = z.infer<typeof CampaignSettingsValues>;

/** POST /campaign-settings body: `{ settings }` (the reference client's shape). */
export const CampaignSettingsInput = z.object({ settings: CampaignSettingsValues });
export type CampaignSettingsInput = z.infer<typeof CampaignSettingsInput>;

/**
 * GET and POST /campaign-settings answer the settings as rows, one per key with its value as JSON text
 * (`{ key: 'messageInterval', value: '20' }`), the way the family's servers store and answer them: its
 * front ends read that array, and the web app reads it back with `campaignSettingsFromRows`.
 */
export type CampaignSettingRow = { key: string; value: string };

export const campaignSettingsRows = (settings: CampaignSettingsValues): CampaignSettingRow[] =>
  Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));

/** The settings the rows hold; a key left out (or unreadable) takes its default. */
export const campaignSettingsFromRows = (
  rows: readonly CampaignSettingRow[],
): CampaignSettingsValues => {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      values[row.key] = JSON.parse(row.value);
    } catch {
      // an unreadable value is left out: its default stands
    }
  }
  const parsed = CampaignSettingsValues.safeParse(values);
  return parsed.success ? parsed.data : defaultCampaignSettings();
};

/** The values a company has before saving any. */
export const defaultCampaignSettings = (): CampaignSettingsValues =>
  CampaignSettingsValues.parse({});

/** evt.<cid>.campaigns.campaign-settings.updated */
export type CampaignSettingsEventData = { settings: CampaignSettingsValues };
