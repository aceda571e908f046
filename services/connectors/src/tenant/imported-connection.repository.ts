import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';

/**
 * An imported connection's API token, refused when another connection here has it: tokens are unique
 * over the installation (the external API finds the connection by it), and a connection row skipped
 * as a duplicate would break the import. The operator changes the token at the source and exports
 * again; replacing it here would silently break the company's integrations.
 */
export async function refuseTakenToken(
  manager: EntityManager,
  connectionId: number,
  token: unknown,
): Promise<void> {
  if (typeof token !== 'string' || token === '') return;
  const [taken] = await manager.query<unknown[]>(
    'SELECT 1 FROM connectors.connections WHERE token = $1 AND id <> $2',
    [token, connectionId],
  );
  if (taken) {
    throw new AppError('ERR_VALIDATION', {
      message: 'a connection of this installation has the same API token: change it at the source',
      fields: { token: ['Already in use'] },
    });
  }
}

/** The sessions of a company that were live when its fence went up (none when it is not fenced). */
export async function sessionsStoppedByFence(
  manager: EntityManager,
  companyId: number,
): Promise<number[]> {
  const [fence] = await manager.query<{ stopped_sessions: number[] }[]>(
    'SELECT stopped_sessions FROM connectors.fenced_companies WHERE id = $1',
    [companyId],
  );
  return fence?.stopped_sessions ?? [];
}
