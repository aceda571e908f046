import { randomUUID } from 'node:crypto';
import { InvalidObjectKeyError } from './storage.errors.js';

const MAX_KEY_BYTES = 1024;
const MAX_FILE_NAME = 100;
const MAX_EXTENSION = 16;
// ASCII only and no leading dot: no `.`/`..` segments, no hidden files, nothing a URL or a shell
// would reinterpret; the disk driver keeps its own bookkeeping in dot-folders that no key can reach.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const AREA_SEGMENT = /^[a-z0-9][a-z0-9-]*$/;

/** Throws `InvalidObjectKeyError` unless `key` is a relative path of safe segments. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(key, 'empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) {
    throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) {
      throw new InvalidObjectKeyError(
        key,
        'segments must be non-empty, use only A-Z a-z 0-9 . _ - and not start with a dot',
      );
    }
  }
}

/** A listing prefix: empty, or key segments where the last may be partial or empty (`a/b/`). */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string') throw new InvalidObjectKeyError(String(prefix), 'not a string');
  if (prefix === '') return;
  const segments = prefix.split('/');
  const last = segments.pop() as string;
  if (segments.length > 0) assertValidKey(segments.join('/'));
  if (last !== '' && !SEGMENT.test(last)) {
    throw new InvalidObjectKeyError(prefix, 'the last prefix segment has forbidden characters');
  }
}

function assertCompanyId(companyId: number): void {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new InvalidObjectKeyError(String(companyId), 'companyId must be a positive integer');
  }
}

/** `company-<id>/`: every key of a company lives below it. */
export function companyPrefix(companyId: number): string {
  assertCompanyId(companyId);
  return `company-${companyId}/`;
}

export function keyBelongsToCompany(key: string, companyId: number): boolean {
  try {
    assertValidKey(key);
    return key.startsWith(companyPrefix(companyId));
  } catch {
    return false;
  }
}

/** Throws unless `key` is valid and below the company's prefix (e.g. a key taken from a request). */
export function assertCompanyKey(key: string, companyId: number): void {
  assertValidKey(key);
  if (!key.startsWith(companyPrefix(companyId))) {
    throw new InvalidObjectKeyError(key, `outside company ${companyId}`);
  }
}

/**
 * A file name reduced to `[A-Za-z0-9._-]`: no directories, no control characters, no leading dots,
 * accents folded (`relatório.pdf` → `relatorio.pdf`), at most 100 characters with the extension kept.
 * Keep the original name in the database for display; this one only has to be safe.
 */
export function sanitizeFileName(fileName: string): string {
  const base = String(fileName).split(/[/\\]/).pop() ?? '';
  let safe = base
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-*\.-*/g, '.')
    .replace(/^[.-]+/, '')
    .replace(/[.-]+$/, '');
  if (safe.length > MAX_FILE_NAME) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= MAX_EXTENSION + 1 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_FILE_NAME - extension.length).replace(/[.-]+$/, '') + extension;
  }
  return safe === '' ? 'file' : safe;
}

export type MediaKeyInput = {
  companyId: number;
  /** What the file belongs to, e.g. `users`, `messages`, `campaigns`; `a/b` nests. */
  area: string;
  /** The name the user gave the file; only its sanitised form reaches the key. */
  fileName: string;
};

/** `company-<id>/<area>/<uuid>-<safe-name>`: unique, tenant-scoped, safe on disk, in S3 and in URLs. */
export function mediaKey({ companyId, area, fileName }: MediaKeyInput): string {
  const prefix = companyPrefix(companyId);
  if (!area.split('/').every((segment) => AREA_SEGMENT.test(segment))) {
    throw new InvalidObjectKeyError(area, 'area segments must be lowercase letters, digits and -');
  }
  const key = `${prefix}${area}/${randomUUID()}-${sanitizeFileName(fileName)}`;
  assertValidKey(key);
  return key;
}
