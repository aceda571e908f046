import type { ChannelKind, PlanFlag, PlanLimitsReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';

type Ctx = Extract<CallContext, { companyId: number }>;

/** The caller of a company; anonymous calls never reach a connection. */
export function companyCaller(ctx: CallContext): Ctx {
  if (!('companyId' in ctx) || !ctx.companyId) throw new AppError('ERR_SESSION_EXPIRED');
  return ctx;
}

/** Which plan flag opens a channel (the Cloud API is WhatsApp too). */
export function planFlagOf(channel: ChannelKind): PlanFlag {
  if (channel === 'facebook') return 'useFacebook';
  if (channel === 'instagram') return 'useInstagram';
  return 'useWhatsapp';
}

/** The plan must have the channel and room for one more connection of it. */
export function assertPlanAllows(plan: PlanLimitsReply, channel: ChannelKind, existing: number) {
  if (!plan.flags[planFlagOf(channel)]) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  if (existing >= plan.limits.connections) throw new AppError('ERR_PLAN_LIMIT_REACHED');
}

/** With several queues the bot greets and lists them, so it needs a greeting. */
export function assertGreeting(queueIds: number[], greetingMessage: string | null) {
  if (new Set(queueIds).size > 1 && !greetingMessage) {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED');
  }
}

const TwoYearsMs = 2 * 365.25 * 24 * 60 * 60 * 1000;

/** Old-message import: both dates between 2 years ago and now, the recent one not before the old one. */
export function assertImportWindow(
  importOldMessages: string | null,
  importRecentMessages: string | null,
  now = new Date(),
) {
  const invalid = (field: string, message: string) =>
    new AppError('ERR_VALIDATION', { fields: { [field]: [message] } });
  const earliest = now.getTime() - TwoYearsMs;
  const old = importOldMessages ? new Date(importOldMessages).getTime() : null;
  const recent = importRecentMessages ? new Date(importRecentMessages).getTime() : null;
  if (old !== null && (old < earliest || old > now.getTime())) {
    throw invalid('importOldMessages', 'must lie between 2 years ago and now');
  }
  if (recent !== null && (recent < earliest || recent > now.getTime())) {
    throw invalid('importRecentMessages', 'must lie between 2 years ago and now');
  }
  if (old !== null && recent !== null && recent < old) {
    throw invalid('importRecentMessages', 'cannot precede the old date');
  }
}

/** The routing key a webhook brings, from the channel secrets. */
export function externalIdOf(channel: ChannelKind, credentials: Record<string, string>) {
  if (channel === 'whatsappapi') return credentials.phoneNumberId ?? null;
  if (channel === 'facebook') return credentials.pageId ?? null;
  if (channel === 'instagram') return credentials.instagramId ?? null;
  return null;
}
