import { z } from 'zod';
import type { RequestContext } from '../context/request-context.js';
import { unowned } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { pageNumberField } from '../http/list-query.js';

/** What an audit entry is about (issue 16: admin and super actions). */
export const AuditEntities = [
  'settings',
  'user',
  'company',
  'plan',
  'connection',
  'queue',
  'prompt',
  'queue-integration',
  'sla-target',
  'contact',
] as const;
export type AuditEntity = (typeof AuditEntities)[number];

// erase: a record removed with everything that held its personal data (a contact, LGPD)
export const AuditActions = ['create', 'update', 'delete', 'erase'] as const;
export type AuditAction = (typeof AuditActions)[number];

/** A snapshot of the audited record (flat JSON), secrets already masked. */
export type AuditSnapshot = Record<string, unknown>;

/**
 * evt.<companyId>.<service>.audit.recorded: one admin or super action, written to the acting service's
 * outbox with the change, and appended to identity's `audit_entries`. The actor's name is resolved by
 * identity (it owns the users).
 */
export type AuditRecordedEventData = {
  actorUserId: number;
  actorProfile: string;
  actorSuper: boolean;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  ip: string | null;
  userAgent: string | null;
  at: string;
};

/** One row of GET /audit-log. */
export type AuditEntry = {
  id: number;
  companyId: number;
  actorUserId: number;
  actorName: string | null;
  actorProfile: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};

/** GET /audit-log answer. */
export type AuditLogPage = { entries: AuditEntry[]; count: number; hasMore: boolean };

export const AuditLogPageSize = 20;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), 'Invalid date');

/** GET /audit-log query (identity.audit.list); `companyId` is honoured for super users only. */
export const AuditLogQuery = z.object({
  companyId: unowned(
    'super users read any company; identity holds everyone else to their own',
    recordId,
  ).optional(),
  from: optionalDate,
  to: optionalDate,
  // a super user may be the actor in any company's log: a filter, not a record of the caller's company
  actorUserId: unowned('a filter that only narrows the log being read', recordId).optional(),
  entity: z.enum(AuditEntities).optional(),
  action: z.enum(AuditActions).optional(),
  pageNumber: pageNumberField(100_000),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** Field names whose values never reach the audit log in clear. */
const SecretField = /token|secret|password|apikey|api_key|voicekey|jsoncontent|credentials/i;

/** Shown instead of a secret: whether it was set, never any of its characters. */
export const AuditMaskedSecret = '********';

/**
 * A snapshot with every secret masked, at any depth: tokens, passwords, API keys, channel credentials,
 * and the values of secret settings (`SecretSettingKeys` passed by the caller).
 */
export const maskAuditSnapshot = (
  snapshot: Record<string, unknown> | null | undefined,
  secretValueOf: (record: Record<string, unknown>) => boolean = () => false,
): AuditSnapshot | null => {
  if (!snapshot) return null;
  const mask = (value: unknown, name: string, secret: boolean): unknown => {
    // an object (channel credentials) keeps its ids readable: its secret fields are masked one by one
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return maskRecord(value as Record<string, unknown>);
    }
    if (secret || SecretField.test(name)) {
      return value === null || value === undefined || value === '' ? value : AuditMaskedSecret;
    }
    if (Array.isArray(value)) return value.map((item) => mask(item, '', false));
    return value;
  };
  const maskRecord = (record: Record<string, unknown>): Record<string, unknown> => {
    const secretValue = secretValueOf(record);
    return Object.fromEntries(
      Object.entries(record).map(([name, value]) => [
        name,
        mask(value, name, secretValue && name === 'value'),
      ]),
    );
  };
  return maskRecord(snapshot);
};

/** The caller fields of an audit event, from the request context the gateway built. */
export const auditActorOf = (
  ctx: Pick<RequestContext, 'userId' | 'profile'> & {
    super?: boolean;
    clientIp?: string;
    userAgent?: string;
  },
): Pick<
  AuditRecordedEventData,
  'actorUserId' | 'actorProfile' | 'actorSuper' | 'ip' | 'userAgent'
> => ({
  actorUserId: ctx.userId,
  actorProfile: ctx.profile,
  actorSuper: ctx.super === true,
  ip: ctx.clientIp ?? null,
  userAgent: ctx.userAgent ? ctx.userAgent.slice(0, 400) : null,
});
