import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Encodings the web build writes next to its assets (`x.js.br`, `x.js.gz`), the preferred first. */
export const Encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type Encoding = (typeof Encodings)[number];

/**
 * The quality value a client gives each coding in its Accept-Encoding header (RFC 9110 §12.5.3);
 * `*` stands for every coding it does not name.
 */
const acceptedQualities = (header: string): Map<string, number> => {
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    qualities.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  return qualities;
};

/**
 * The encoding to send among those a file has, or null for the file as it is. Brotli wins over gzip
 * unless the client ranks gzip higher; a coding with q=0 is refused.
 */
export const negotiateEncoding = (
  header: string | undefined,
  available: readonly Encoding[],
): Encoding | null => {
  if (!header) return null;
  const qualities = acceptedQualities(header);
  const quality = (name: string) => qualities.get(name) ?? qualities.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const encoding of available) {
    if (quality(encoding.name) > 0 && (!best || quality(encoding.name) > quality(best.name)))
      best = encoding;
  }
  return best;
};

/**
 * Scans the built app once at start: for each file with precompressed siblings, the URL path of the
 * file and the encodings it has. The build never changes while the server runs.
 */
export const findPrecompressed = (distDir: string): Map<string, Encoding[]> => {
  const files = new Set(
    readdirSync(distDir, { recursive: true, encoding: 'utf8' }).map((file) =>
      file.split(path.sep).join('/'),
    ),
  );
  const found = new Map<string, Encoding[]>();
  for (const file of files) {
    const encodings = Encodings.filter((encoding) => files.has(file + encoding.suffix));
    if (encodings.length > 0) found.set(`/${file}`, encodings);
  }
  return found;
};
