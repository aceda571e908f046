import { z } from 'zod';

/**
 * Campaign settings (spec 3 §2.3, §3, §9): the pacing of a company's campaigns, in seconds, and its
 * variables (key, value) offered by the campaign dialog's picker. Saved as a whole.
 */
export const MessageIntervalChoices = [0, 5, 10, 15, 20] as const;
export const LongerIntervalAfterChoices = [0, 5, 10, 15, 20] as const;
export const GreaterIntervalChoices = [0, 20, 30, 40, 50, 60] as const;
export const CampaignVariablesMax = 50;

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
});
export type CampaignSettingsValues = z.infer<typeof CampaignSettingsValues>;

/** POST /campaign-settings body: `{ settings }` (the reference client's shape). */
export const CampaignSettingsInput = z.object({ settings: CampaignSettingsValues });
export type CampaignSettingsInput = z.infer<typeof CampaignSettingsInput>;

/** The values a company has before saving any. */
export const defaultCampaignSettings = (): CampaignSettingsValues =>
  CampaignSettingsValues.parse({});

/** evt.<cid>.campaigns.campaign-settings.updated */
export type CampaignSettingsEventData = { settings: CampaignSettingsValues };
