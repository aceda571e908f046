// `tenant export`, `tenant import` and `tenant move`: a company into one file, from one, and both
// with the erase of the source between two Switchboards.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Subjects, tenantBundleKey, type TenantOperationView } from '@sb/contracts';
import { ObjectNotFoundError, type ObjectStorage } from '@sb/storage';
import { downloadBundle, uploadBundle } from './bundle-files.js';
import { follow } from './commands.js';
import { formatBytes, reportRecord, reportText, type Output } from './render.js';
import type { OperatorTransport } from './transport/operator-transport.js';

/** One Switchboard as a command reaches it: its bus (or socket) and its object storage. */
export type Installation = {
  transport: OperatorTransport;
  storage: ObjectStorage;
  /** where its storage is, for messages */
  storageTarget: string;
};

export type TransferOptions = {
  output: Output;
  stop: AbortSignal;
  /** milliseconds, for the phases' durations */
  now?: () => number;
};

const json = (output: Output, record: unknown) => output.out(`${JSON.stringify(record)}\n`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The end of an operation: the report, a text in a terminal or a JSON line. */
const report = (output: Output, operation: TenantOperationView) => {
  if (output.tty) output.out(reportText(operation));
  else json(output, reportRecord(operation));
};

/** Whether a file may be written at `file`: its folder exists, and it does not (or may be replaced). */
async function checkOut(file: string, force: boolean): Promise<string | undefined> {
  const folder = await stat(path.dirname(path.resolve(file))).catch(() => undefined);
  if (!folder?.isDirectory()) return `${path.dirname(path.resolve(file))} is not a folder`;
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) return `${file} is a folder`;
  if (existing && !force) return `${file} exists: add --force to replace it`;
  return undefined;
}

type ExportResult =
  | { code: number; operation?: TenantOperationView }
  | { code: 0; operation: TenantOperationView; bytes: number };

/** Exports and downloads; the report written, the file whole at `out` when the code is 0. */
async function runExport(
  here: Installation,
  options: TransferOptions,
  request: { companyId: number; out: string; key: string; holdFence?: boolean },
): Promise<ExportResult> {
  const { output } = options;
  const started = await here.transport.request(Subjects.identity.tenantOperationExport, {
    id: request.companyId,
    key: request.key,
    holdFence: request.holdFence ?? false,
  });
  const operation = await follow(here.transport, output, started, options.stop);
  if (!operation) return { code: 130 };
  report(output, operation);
  if (operation.status !== 'done') {
    output.err(
      `The export of company ${operation.companyId} failed: ${operation.error ?? 'no reason given'}\n` +
        'Asked again, a new export starts.\n',
    );
    return { code: 1, operation };
  }
  const key = operation.bundleKey ?? tenantBundleKey(operation.id);
  try {
    const bytes = await downloadBundle(here.storage, key, request.out);
    return { code: 0, operation, bytes };
  } catch (err) {
    output.err(
      err instanceof ObjectNotFoundError
        ? `The export is done but its bundle is not at ${key} in ${here.storageTarget}: this command ` +
            'line must use the object storage of the services (S3_* or MEDIA_DIR/DATA_DIR as they have it).\n'
        : `The export is done but its bundle could not be copied to ${request.out}: ${(err as Error).message}\n`,
    );
    return { code: 1, operation };
  }
}

/**
 * `tenant export`: the company into one bundle at `out`. 0 once the file is whole, 1 when the export
 * or the copy failed, 2 when `out` may not be written (checked before the company is fenced).
 */
export async function exportCommand(
  here: Installation,
  options: TransferOptions,
  request: { companyId: number; out: string; key: string; force: boolean },
): Promise<number> {
  const { output } = options;
  const refused = await checkOut(request.out, request.force);
  if (refused) {
    output.err(`switchboard: ${refused}\n`);
    return 2;
  }
  const result = await runExport(here, options, request);
  if (!('bytes' in result)) return result.code;
  const file = path.resolve(request.out);
  if (output.tty) output.out(`Wrote ${formatBytes(result.bytes)} to ${file}.\n`);
  else {
    json(output, {
      operation: result.operation.id,
      companyId: result.operation.companyId,
      file,
      bytes: result.bytes,
    });
  }
  return 0;
}

type ImportResult = { code: number; operation?: TenantOperationView };

/** Uploads and imports; the report written; the uploaded copy removed once done. */
async function runImport(
  there: Installation,
  options: TransferOptions,
  request: { file: string; key: string; name?: string },
): Promise<ImportResult> {
  const { output } = options;
  const file = await stat(request.file).catch(() => undefined);
  if (!file?.isFile()) {
    output.err(`switchboard: ${request.file} is not a file\n`);
    return { code: 2 };
  }
  const uploaded = await uploadBundle(there.storage, request.file);
  if (uploaded.reused) {
    output.err(
      `The bundle is in object storage already (${uploaded.key}, left by an import that did not finish): using it.\n`,
    );
  }
  const started = await there.transport.request(Subjects.identity.tenantOperationImport, {
    bundleKey: uploaded.key,
    key: request.key,
    ...(request.name !== undefined ? { name: request.name } : {}),
  });
  const operation = await follow(there.transport, output, started, options.stop);
  if (!operation) return { code: 130 };
  report(output, operation);
  if (operation.status !== 'done') {
    const refused = operation.steps.some(
      (step) => step.action === 'unpack' && step.status === 'failed',
    );
    if (refused) {
      // the bundle itself was refused (the key, an altered or truncated file): nothing was written,
      // and the same file would be refused again
      await there.storage.remove(uploaded.key);
      output.err(
        `The import failed: ${operation.error ?? 'no reason given'}\n` +
          'Nothing was written. Check the key, or export the company again for a whole file.\n',
      );
      return { code: 1, operation };
    }
    output.err(
      `The import failed: ${operation.error ?? 'no reason given'}\n` +
        `The bundle stays in ${there.storageTarget} at ${uploaded.key}: asked again with the same ` +
        'file, the import uses it and adds nothing it added already.\n',
    );
    return { code: 1, operation };
  }
  await there.storage.remove(uploaded.key);
  return { code: 0, operation };
}

/** `tenant import`: the bundle's company added here; prints its id. */
export async function importCommand(
  there: Installation,
  options: TransferOptions,
  request: { file: string; key: string; name?: string },
): Promise<number> {
  const { output } = options;
  const { code, operation } = await runImport(there, options, request);
  if (code !== 0 || !operation) return code;
  if (output.tty) {
    output.out(
      `The company is number ${operation.companyId} here, named "${operation.companyName}".\n`,
    );
  } else json(output, { companyId: operation.companyId, operation: operation.id });
  return 0;
}

/** How long each phase of a move took, in milliseconds. */
export type MovePhases = {
  export: number;
  download: number;
  import: number;
  erase?: number;
};

/**
 * `tenant move`: export here, import on `there`, erase here (reason move). The downtime runs from the
 * export's start (when the company is fenced) to the import's end. When the import fails the company
 * is not erased here: the move is given up and the company unfenced. A bundle at a temporary path is
 * removed.
 */
export async function moveCommand(
  here: Installation,
  there: Installation & { to: string },
  options: TransferOptions,
  request: { companyId: number; key: string; bundle?: string },
): Promise<number> {
  const { output } = options;
  const now = options.now ?? Date.now;
  if (request.bundle) {
    const refused = await checkOut(request.bundle, false);
    if (refused) {
      output.err(`switchboard: --bundle: ${refused}\n`);
      return 2;
    }
  }
  const folder = request.bundle ? undefined : await mkdtemp(path.join(tmpdir(), 'sb-move-'));
  const file = request.bundle ?? path.join(folder!, `company-${request.companyId}.swb`);
  const dropTemporary = async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  };

  const fenced = now();
  // the company stays fenced once exported: nothing written here after the cut could be lost
  const exported = await runExport(here, options, { ...request, out: file, holdFence: true });
  if (!('bytes' in exported)) {
    await dropTemporary();
    return exported.code;
  }
  const downloaded = now();
  const phases: MovePhases = {
    export: downloaded - fenced,
    download: 0,
    import: 0,
  };
  // the download is the export's last part for an operator: split it out of the export's time
  const exportEnded = Date.parse(exported.operation.finishedAt ?? '');
  if (Number.isFinite(exportEnded) && exported.operation.finishedAt) {
    const exportMs = exportEnded - Date.parse(exported.operation.createdAt);
    if (exportMs >= 0 && exportMs <= phases.export) {
      phases.download = phases.export - exportMs;
      phases.export = exportMs;
    }
  }

  const imported = await runImport(there, options, { file, key: request.key });
  const importEnded = now();
  phases.import = importEnded - downloaded;
  const company = exported.operation.companyId;
  if (imported.code !== 0 || !imported.operation) {
    // the move is given up: the company works here again (its bundle is stale from now on)
    await here.transport.request(Subjects.identity.tenantOperationAbort, {
      id: exported.operation.id,
    });
    await dropTemporary();
    output.err(
      `Company ${company} is NOT erased here, and works here again: the move was given up.\n` +
        'Once the target is fixed, run the move again (a new export).\n',
    );
    return imported.code === 130 ? 130 : 1;
  }
  const target = imported.operation;
  await dropTemporary();
  const downtime = importEnded - fenced;

  const erasing = now();
  const { operation: eraseStarted } = await here.transport.request(
    Subjects.identity.companyDelete,
    { id: company, reason: 'move' },
  );
  const erased = await follow(here.transport, output, eraseStarted, options.stop);
  if (erased) report(output, erased);
  phases.erase = now() - erasing;

  const summary = {
    companyId: company,
    newCompanyId: target.companyId,
    target: there.transport.target,
    downtimeSeconds: seconds(downtime),
    phasesSeconds: Object.fromEntries(
      Object.entries(phases).map(([phase, ms]) => [phase, seconds(ms as number)]),
    ),
    erased: erased?.status === 'done',
  };
  if (output.tty) {
    output.out(
      `Moved company ${company} (${exported.operation.companyName}) to ${there.transport.target}, ` +
        `where it is company ${target.companyId}.\n` +
        `Downtime ${seconds(downtime)} s: export ${seconds(phases.export)} s, copy out ` +
        `${seconds(phases.download)} s, import (with the copy in) ${seconds(phases.import)} s. ` +
        `Erase here ${seconds(phases.erase)} s.\n`,
    );
  } else json(output, summary);
  if (erased?.status === 'done') return 0;
  if (!erased) return 130;
  output.err(
    `The company is imported on the target, but its erase here failed: ${erased.error ?? 'no reason given'}\n` +
      `Asked again, it resumes: switchboard tenant erase --company ${company} --reason move --yes\n`,
  );
  return 1;
}
