// How operations look: a bar and a report in a terminal, JSON objects (one a line) otherwise. Pure
// functions of the operation, so the commands only choose where the text goes.
import type { TenantOperationStep, TenantOperationView } from '@sb/contracts';

/** Where a command writes: stdout (a terminal or not) and stderr. */
export type Output = {
  tty: boolean;
  out(text: string): void;
  err(text: string): void;
};

const doneSteps = (operation: TenantOperationView) =>
  operation.steps.filter((step) => step.status === 'done').length;

/** The step the operation is at: the running or failed one; none once it is done. */
export const currentStep = (operation: TenantOperationView): TenantOperationStep | undefined =>
  operation.steps.find((step) => step.status === 'running' || step.status === 'failed') ??
  (operation.status === 'running'
    ? operation.steps.find((step) => step.status === 'pending')
    : undefined);

/**
 * What a step is called: its service in an erase (each service erases once); `<service> <action>` in
 * an export or import, where identity has several steps (`identity bundle`, `tickets reserve`).
 */
export const stepLabel = (operation: TenantOperationView, step: TenantOperationStep): string =>
  operation.kind === 'erase' ? step.service : `${step.service} ${step.action}`;

/** One change of the progress, as a JSON line says it. */
export const progressRecord = (operation: TenantOperationView) => {
  const step = currentStep(operation);
  return {
    operation: operation.id,
    kind: operation.kind,
    companyId: operation.companyId,
    status: operation.status,
    step: step?.service ?? null,
    action: step?.action ?? null,
    done: doneSteps(operation),
    steps: operation.steps.length,
  };
};

/** `[###--] 3/5 tickets`: a mark per step done, then the step at work (or how it ended). */
export function progressBar(operation: TenantOperationView): string {
  const done = doneSteps(operation);
  const total = operation.steps.length;
  const bar = `[${'#'.repeat(done)}${'-'.repeat(total - done)}] ${done}/${total}`;
  const current = currentStep(operation);
  const step = current && stepLabel(operation, current);
  if (operation.status === 'done') return `${bar} done`;
  if (operation.status === 'failed') return step ? `${bar} ${step} failed` : `${bar} failed`;
  return step ? `${bar} ${step}` : bar;
}

/**
 * What each step did, for the JSON line of the end: the reports as the services gave them, keyed by
 * service in an erase and by `<service> <action>` otherwise.
 */
export const reportRecord = (operation: TenantOperationView) => ({
  operation: operation.id,
  kind: operation.kind,
  companyId: operation.companyId,
  companyName: operation.companyName,
  reason: operation.reason,
  status: operation.status,
  error: operation.error,
  report: Object.fromEntries(
    operation.steps.map((step) => [
      stepLabel(operation, step),
      {
        status: step.status,
        rows: step.report?.rows ?? {},
        objects: step.report?.objects,
        sessions: step.report?.sessions,
        bytes: step.report?.bytes,
        retries: step.retries,
        error: step.error,
      },
    ]),
  ),
});

/** `12.3 MB`: a size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** `companies: 1, users: 2, objects: 3`: what one step removed or moved (the tables with rows). */
export function stepSummary(step: TenantOperationStep): string {
  if (step.status === 'failed') return `failed: ${step.error ?? 'no reason given'}`;
  if (!step.report) return step.status;
  const { rows, objects, sessions, bytes } = step.report;
  const parts = Object.entries(rows)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, count]) => `${table}: ${count}`);
  if (objects !== undefined) parts.push(`objects: ${objects}`);
  if (sessions !== undefined) parts.push(`sessions: ${sessions}`);
  if (bytes !== undefined) parts.push(formatBytes(bytes));
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

const seconds = (from: string, to: string | null) =>
  to ? `${((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1)} s` : undefined;

/** `company 7 (Acme)`; an import's company before identity gave it an id: `company "Acme"`. */
export const companyLabel = (operation: TenantOperationView): string =>
  operation.companyId > 0
    ? `company ${operation.companyId} (${operation.companyName})`
    : operation.companyName
      ? `company "${operation.companyName}"`
      : 'a company';

const verbs = {
  erase: { done: 'Erased', running: 'Erasing', noun: 'erase' },
  export: { done: 'Exported', running: 'Exporting', noun: 'export' },
  import: { done: 'Imported', running: 'Importing', noun: 'import' },
} as const;

/** The report a person reads at the end of an operation (and for `operations --id`). */
export function reportText(operation: TenantOperationView): string {
  const company = companyLabel(operation);
  const verb = verbs[operation.kind];
  const took = seconds(operation.createdAt, operation.finishedAt);
  const reason = operation.reason ? `, reason ${operation.reason}` : '';
  const head =
    operation.status === 'done'
      ? `${verb.done} ${company}${reason}${took ? `${reason ? ',' : ''} in ${took}` : ''}.`
      : operation.status === 'failed'
        ? `The ${verb.noun} of ${company} failed: ${(operation.error ?? 'no reason given').replace(/\.$/, '')}.`
        : `${verb.running} ${company}${reason}: ${progressBar(operation)}.`;
  const labels = operation.steps.map((step) => stepLabel(operation, step));
  const width = Math.max(...labels.map((label) => label.length));
  const lines = operation.steps.map(
    (step, index) => `  ${labels[index]!.padEnd(width)}  ${stepSummary(step)}`,
  );
  const kept =
    operation.kind === 'erase' && operation.status === 'done'
      ? ['Invoices and the audit log are kept.']
      : [];
  return [head, ...lines, ...kept, ''].join('\n');
}

/** The operations as a table, newest first as the platform lists them. */
export function operationsTable(operations: TenantOperationView[]): string {
  if (operations.length === 0) return 'No tenant operations.\n';
  const rows = [
    ['ID', 'COMPANY', 'KIND', 'REASON', 'STATUS', 'STEPS', 'STARTED', 'FINISHED'],
    ...operations.map((operation) => [
      operation.id,
      `${operation.companyId} ${operation.companyName}`,
      operation.kind,
      // only an erase has a reason
      operation.reason ?? '',
      operation.status,
      `${doneSteps(operation)}/${operation.steps.length}`,
      operation.createdAt,
      operation.finishedAt ?? '',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * The progress of one operation as it changes: the bar redrawn on one line in a terminal, one JSON
 * line per change otherwise. Shown the same state twice, it writes nothing.
 */
export class ProgressView {
  private last = '';
  private drawn = false;

  constructor(private readonly output: Output) {}

  show(operation: TenantOperationView): void {
    const line = this.output.tty
      ? progressBar(operation)
      : JSON.stringify(progressRecord(operation));
    if (line === this.last) return;
    this.last = line;
    if (this.output.tty) {
      // back to the start of the line, and clear what a longer bar left
      this.output.out(`\r${line}\u001b[K`);
      this.drawn = true;
    } else {
      this.output.out(`${line}\n`);
    }
  }

  /** Ends the bar's line, so what follows starts on its own. */
  end(): void {
    if (this.drawn) this.output.out('\n');
    this.drawn = false;
  }
}
