import { z } from 'zod';

const onOff = ['enabled', 'disabled'] as const;

export type SettingScope = 'platform' | 'company';

export type SettingDefinition = {
  /** the allowed values, 'text' for free text, or 'days' for a retention period (see RetentionDays) */
  values: readonly [string, ...string[]] | 'text' | 'days';
  default: string;
  /** platform settings live once (company 0); company settings once per company */
  scope: SettingScope;
  /** readable and writable by the super user only */
  superOnly?: boolean;
};

/** Longest accepted free-text setting (LGPD message, billing tokens). */
export const SettingTextMaxLength = 4000;

/** A retention period in whole days; '' or '0' keeps everything (the default). */
export const RetentionDays = { min: 30, max: 3650 } as const;

/** The days a 'days' setting keeps, or null when it is off ('' or '0') or not a valid period. */
export const retentionDaysOf = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const days = Number(value);
  return days >= RetentionDays.min && days <= RetentionDays.max ? days : null;
};

const retentionDaysSchema = z
  .string()
  .refine(
    (value) => value === '' || value === '0' || retentionDaysOf(value) !== null,
    `Empty or 0 (off), or a whole number of days from ${RetentionDays.min} to ${RetentionDays.max}`,
  );

/**
 * Every setting of spec 2 §9 and BEHAVIOUR.md §2 (CompaniesSettings), with what users expect on a fresh
 * company: nothing that sends extra messages to contacts or restricts agents is on by default.
 */
export const SettingDefinitions = {
  // Signup is a public screen of the app; the super user can close it.
  userCreation: { values: onOff, default: 'enabled', scope: 'platform', superOnly: true },
  userRating: { values: onOff, default: 'disabled', scope: 'company' },
  // Working-hours checks only once an admin chooses where the schedule lives.
  scheduleType: {
    values: ['disabled', 'queue', 'company', 'connection'],
    default: 'disabled',
    scope: 'company',
  },
  chatBotType: { values: ['text'], default: 'text', scope: 'company' },
  // Calls reach the phone as usual unless the company chooses to reject them.
  acceptCallWhatsapp: { values: onOff, default: 'enabled', scope: 'company' },
  // Agents take tickets themselves unless random assignment is chosen.
  userRandom: { values: onOff, default: 'disabled', scope: 'company' },
  // A connection with a single queue still greets the contact.
  sendGreetingMessageOneQueues: { values: onOff, default: 'enabled', scope: 'company' },
  // Contacts see which agent is writing.
  sendSignMessage: { values: onOff, default: 'enabled', scope: 'company' },
  sendFarewellWaitingTicket: { values: onOff, default: 'disabled', scope: 'company' },
  sendGreetingAccepted: { values: onOff, default: 'disabled', scope: 'company' },
  sendQueuePosition: { values: onOff, default: 'disabled', scope: 'company' },
  // Contacts may send voice notes.
  acceptAudioMessageContact: { values: onOff, default: 'enabled', scope: 'company' },
  sendMsgTransfTicket: { values: onOff, default: 'disabled', scope: 'company' },
  requiredTag: { values: onOff, default: 'disabled', scope: 'company' },
  // Out-of-hours replies go only to tickets that are not open (an agent is already talking).
  sendMessageOutExpedientTicketOpen: { values: onOff, default: 'disabled', scope: 'company' },
  enableLGPD: { values: onOff, default: 'disabled', scope: 'company' },
  lgpdMessage: { values: 'text', default: '', scope: 'company' },
  lgpdLink: { values: 'text', default: '', scope: 'company' },
  lgpdConsent: { values: onOff, default: 'disabled', scope: 'company' },
  lgpdDeleteMessage: { values: onOff, default: 'disabled', scope: 'company' },
  lgpdHideNumber: { values: onOff, default: 'disabled', scope: 'company' },
  // Read by the web app from the session (spec 1 §3); the plan flag useCampaigns still gates campaigns.
  campaignsEnabled: { values: onOff, default: 'enabled', scope: 'company' },
  // Billing integration tokens: empty means the integration is not used.
  asaas: { values: 'text', default: '', scope: 'company' },
  ixc: { values: 'text', default: '', scope: 'company' },
  mkauth: { values: 'text', default: '', scope: 'company' },
  // Messages and their files are kept for ever unless an admin sets a period (issue 30, LGPD).
  messageRetentionDays: { values: 'days', default: '', scope: 'company' },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SettingDefinitions;

/** The value type of a setting: one of its values, or any string for text settings. */
export type SettingValue<K extends SettingKey> =
  (typeof SettingDefinitions)[K]['values'] extends readonly (infer V)[] ? V : string;

export type SettingValues = { [K in SettingKey]: SettingValue<K> };

export const SettingKeys = Object.keys(SettingDefinitions) as SettingKey[];

export const SettingDefaults = Object.fromEntries(
  SettingKeys.map((key) => [key, SettingDefinitions[key].default]),
) as SettingValues;

export const CompanySettingKeys = SettingKeys.filter(
  (key) => SettingDefinitions[key].scope === 'company',
);
export const PlatformSettingKeys = SettingKeys.filter(
  (key) => SettingDefinitions[key].scope === 'platform',
);

export const isSettingKey = (value: unknown): value is SettingKey =>
  typeof value === 'string' && Object.hasOwn(SettingDefinitions, value);

/** The schema of one setting's value. */
export const settingValueSchema = <K extends SettingKey>(key: K): z.ZodType<SettingValue<K>> => {
  const values: SettingDefinition['values'] = SettingDefinitions[key].values;
  const schema =
    values === 'text'
      ? z.string().max(SettingTextMaxLength)
      : values === 'days'
        ? retentionDaysSchema
        : z.enum(values);
  return schema as unknown as z.ZodType<SettingValue<K>>;
};

/** PUT /settings/:key and PUT /companySettings body: a known key and a value allowed for it. */
export const SettingUpdateInput = z
  .object({ key: z.string(), value: z.string() })
  .superRefine((input, ctx) => {
    if (!isSettingKey(input.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Unknown setting' });
      return;
    }
    const result = settingValueSchema(input.key).safeParse(input.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
      }
    }
  })
  .transform((input) => input as { key: SettingKey; value: string });
export type SettingUpdateInput = z.infer<typeof SettingUpdateInput>;

/** Merges stored rows over the defaults, ignoring unknown keys and values no longer allowed. */
export const resolveSettings = (rows: readonly { key: string; value: string }[]): SettingValues => {
  const resolved: Record<string, string> = { ...SettingDefaults };
  for (const row of rows) {
    if (isSettingKey(row.key) && settingValueSchema(row.key).safeParse(row.value).success) {
      resolved[row.key] = row.value;
    }
  }
  return resolved as SettingValues;
};
