import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BusRequestData, BusResponseData, Subjects } from '@sb/contracts';

/** The subjects the command line sends (the operator socket of `npm start` accepts these alone). */
export type OperatorSubject =
  | typeof Subjects.identity.companyDelete
  | typeof Subjects.identity.tenantOperationGet
  | typeof Subjects.identity.tenantOperationList
  | typeof Subjects.identity.tenantOperationExport
  | typeof Subjects.identity.tenantOperationImport
  | typeof Subjects.identity.tenantOperationAbort;

/** How a command reaches the platform: NATS or `npm start`'s operator socket, the same to it. */
export type OperatorTransport = {
  /** where it acts, for messages */
  readonly target: string;
  request<S extends OperatorSubject>(
    subject: S,
    data: BusRequestData<S>,
  ): Promise<BusResponseData<S>>;
  close(): Promise<void>;
};

/** What the platform answered instead of a reply (an AppError's code and message). */
export class PlatformError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** There is no platform where the command line looks: nothing was asked. */
export class NoPlatformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoPlatformError';
  }
}

/** The operator socket's file in DATA_DIR (standalone/src/operator-socket.ts listens on it). */
export const OperatorSocketFile = 'operator.sock';

/** The repository this command line belongs to (cli/src and cli/dist sit at the same depth). */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export type TransportChoice =
  | { kind: 'nats'; url: string; namespace?: string }
  | { kind: 'socket'; dataDir: string; socketPath: string };

const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * NATS when NATS_URL is set, as the services are configured; otherwise the `npm start` of this
 * checkout. `npm start` runs in the repository root and resolves DATA_DIR (default ./.data) there, so
 * a relative DATA_DIR is read against the same root whatever the current directory.
 */
export function chooseTransport(
  env: Record<string, string | undefined>,
  root = repoRoot,
): TransportChoice {
  const url = set(env.NATS_URL);
  if (url) return { kind: 'nats', url, namespace: set(env.NATS_NAMESPACE) };
  const dataDir = path.resolve(root, set(env.DATA_DIR) ?? './.data');
  return { kind: 'socket', dataDir, socketPath: path.join(dataDir, OperatorSocketFile) };
}

/** Connects the chosen transport; NoPlatformError when nothing answers there. */
export async function openTransport(
  env: Record<string, string | undefined>,
): Promise<OperatorTransport> {
  const choice = chooseTransport(env);
  // each loaded only when chosen: the socket path starts without the NATS client
  if (choice.kind === 'nats') {
    const { openNatsTransport } = await import('./nats-transport.js');
    return openNatsTransport(choice, env);
  }
  const { openSocketTransport } = await import('./socket-transport.js');
  return openSocketTransport(choice);
}
