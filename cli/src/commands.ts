import { setTimeout as sleep } from 'node:timers/promises';
import { Subjects, type TenantEraseReason, type TenantOperationView } from '@sb/contracts';
import { operationsTable, ProgressView, reportRecord, reportText, type Output } from './render.js';
import type { OperatorTransport } from './transport/operator-transport.js';

/** How often an operation's progress is read. */
export const PollEveryMs = 500;

/** The way back to an operation the command line stopped following. */
export const followHint = (id: string) =>
  `Follow it with: switchboard tenant operations --id ${id}`;

/**
 * Shows `started`'s progress and reads it again until it ends; answers how it ended, or undefined
 * when `stop` (Ctrl+C) ended the following first (the operation goes on in the platform, as said).
 */
export async function follow(
  transport: OperatorTransport,
  output: Output,
  started: TenantOperationView,
  stop: AbortSignal,
): Promise<TenantOperationView | undefined> {
  const progress = new ProgressView(output);
  let operation = started;
  progress.show(operation);
  while (operation.status === 'running') {
    try {
      await sleep(PollEveryMs, undefined, { signal: stop });
    } catch {
      progress.end();
      output.err(
        `Stopped following the ${operation.kind}; it goes on in Switchboard. ${followHint(operation.id)}\n`,
      );
      return undefined;
    }
    operation = await transport.request(Subjects.identity.tenantOperationGet, { id: operation.id });
    progress.show(operation);
  }
  progress.end();
  return operation;
}

/**
 * `tenant erase`: starts (or resumes) the erase, follows it to its end and reports what went. 0 when
 * done, 1 when failed. `stop` (Ctrl+C) ends the following only: the erase goes on in the platform.
 */
export async function eraseCommand(
  transport: OperatorTransport,
  output: Output,
  request: { companyId: number; reason: TenantEraseReason },
  stop: AbortSignal,
): Promise<number> {
  const { operation: started } = await transport.request(Subjects.identity.companyDelete, {
    id: request.companyId,
    reason: request.reason,
  });
  if (started.reason !== request.reason) {
    // an unfinished erase is resumed as it was asked first
    output.err(
      `An erase of company ${started.companyId} with reason ${started.reason} was under way: it goes on.\n`,
    );
  }
  const operation = await follow(transport, output, started, stop);
  if (!operation) return 130;

  if (output.tty) output.out(reportText(operation));
  else output.out(`${JSON.stringify(reportRecord(operation))}\n`);
  if (operation.status === 'done') return 0;
  output.err(
    `The erase of company ${operation.companyId} failed: ${operation.error ?? 'no reason given'}\n` +
      `Asked again, it resumes at the step that failed: switchboard tenant erase --company ${operation.companyId} --yes\n`,
  );
  return 1;
}

/** `tenant operations [--id]`: the list, or one operation with its report. */
export async function operationsCommand(
  transport: OperatorTransport,
  output: Output,
  request: { id?: string },
): Promise<number> {
  if (request.id) {
    const operation = await transport.request(Subjects.identity.tenantOperationGet, {
      id: request.id,
    });
    output.out(output.tty ? reportText(operation) : `${JSON.stringify(operation)}\n`);
    return 0;
  }
  const operations = await transport.request(Subjects.identity.tenantOperationList, {});
  if (output.tty) output.out(operationsTable(operations));
  else for (const operation of operations) output.out(`${JSON.stringify(operation)}\n`);
  return 0;
}

/**
 * `tenant export --abort`: ends the company's latest export that runs or still holds it fenced (a
 * move's). 0 once its company works again, 1 when it has no export.
 */
export async function abortCommand(
  transport: OperatorTransport,
  output: Output,
  request: { companyId: number },
): Promise<number> {
  const operations = await transport.request(Subjects.identity.tenantOperationList, {});
  const latest = operations.find(
    (operation) => operation.kind === 'export' && operation.companyId === request.companyId,
  );
  if (!latest) {
    output.err(`switchboard: company ${request.companyId} has no export to abort\n`);
    return 1;
  }
  const operation = await transport.request(Subjects.identity.tenantOperationAbort, {
    id: latest.id,
  });
  if (output.tty) {
    output.out(`Aborted the export ${operation.id}: company ${operation.companyId} works again.\n`);
  } else output.out(`${JSON.stringify(reportRecord(operation))}\n`);
  return 0;
}
