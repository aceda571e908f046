import type { AuditSnapshot } from '@sb/contracts';

export type AuditDiffLine = { field: string; before: string; after: string; changed: boolean };

const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields of a before/after pair, changed ones first, each value as text. */
export const auditDiff = (
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
): AuditDiffLine[] => {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines = fields.map((field) => {
    const b = shown(before?.[field]);
    const a = shown(after?.[field]);
    return { field, before: b, after: a, changed: b !== a };
  });
  return [...lines.filter((l) => l.changed), ...lines.filter((l) => !l.changed)];
};
