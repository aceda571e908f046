import { ConfigError } from '@sb/platform/config';

/** Why the start failed: what a person can fix in one line, anything unexpected with its stack. */
export function startFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `${(error as Error).message}: another program uses that port; choose others with PORT and WEB_PORT`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
