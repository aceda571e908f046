import type { AuditEntity } from '@sb/contracts';
import type { i18n as I18n } from 'i18next';

/**
 * Where each audited record's field names are already translated: the screen that edits the record
 * names its fields (users:fields.name, connections:greetingMessage...). The audit log reuses those
 * labels instead of keeping a second copy; audit:fields holds the few no screen shows (id, dates).
 */
const FieldLabelKeys: Record<AuditEntity, string[]> = {
  settings: [],
  user: ['users:fields.', 'users:columns.'],
  company: ['companies:'],
  plan: ['plans:', 'plans:flags.'],
  connection: ['connections:'],
  queue: ['queues:'],
  prompt: ['prompts:'],
  'queue-integration': ['queue-integrations:'],
  'sla-target': ['reports:sla.'],
  // an erasure keeps counts only (audit:fields)
  contact: [],
};

/** The namespaces the audit log needs to name fields and settings. */
export const AuditLabelNamespaces = [
  'audit',
  'settings',
  'users',
  'companies',
  'plans',
  'connections',
  'queues',
  'prompts',
  'queue-integrations',
  'reports',
] as const;

/** `t` for keys built from a record's fields at run time: exists() checks them, no key type can. */
const lookUp = (i18n: Pick<I18n, 't'>) =>
  i18n.t as (key: string, options: { returnObjects: true }) => unknown;

/** The first of `keys` that holds a text (not a group of texts). */
const firstText = (i18n: Pick<I18n, 'exists' | 't'>, keys: string[]): string | null => {
  for (const key of keys) {
    if (!i18n.exists(key)) continue;
    const value: unknown = lookUp(i18n)(key, { returnObjects: true });
    if (typeof value === 'string') return value;
  }
  return null;
};

/** A field of an audited record in the user's language; its raw name when no screen names it. */
export const auditFieldLabel = (
  i18n: Pick<I18n, 'exists' | 't'>,
  entity: AuditEntity,
  field: string,
): string =>
  firstText(i18n, [
    `audit:fields.${field}`,
    ...FieldLabelKeys[entity].map((p) => `${p}${field}`),
  ]) ?? field;

/** What an entry is about: "Setting Ratings", "Queue 7". A setting is named by its label. */
export const auditSubject = (
  i18n: Pick<I18n, 'exists' | 't'>,
  entity: AuditEntity,
  entityId: string | number | null | undefined,
): string => {
  const name = i18n.t(`audit:entities.${entity}`);
  if (entityId === null || entityId === undefined || entityId === '') return name;
  if (entity === 'settings')
    return `${name} ${firstText(i18n, [`settings:keys.${entityId}`]) ?? entityId}`;
  return `${name} ${entityId}`;
};
