/** The feature flags of a plan (BEHAVIOUR.md §2 Plans); a company may use a feature only when its plan has it. */
export const PlanFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegration',
] as const;
export type PlanFlag = (typeof PlanFlags)[number];

/** The counted limits of a plan: users, connections (per channel) and queues. */
export const PlanLimits = ['users', 'connections', 'queues'] as const;
export type PlanLimit = (typeof PlanLimits)[number];

export type PlanFlagValues = Record<PlanFlag, boolean>;

export const isPlanFlag = (value: unknown): value is PlanFlag =>
  typeof value === 'string' && (PlanFlags as readonly string[]).includes(value);

/** The enabled flags of a plan, in catalogue order (what the access token carries). */
export const enabledPlanFlags = (plan: Partial<PlanFlagValues>): PlanFlag[] =>
  PlanFlags.filter((flag) => plan[flag] === true);
