import type { TenantOperationView } from '@sb/contracts';
import {
  operationsTable,
  progressBar,
  progressRecord,
  ProgressView,
  reportRecord,
  reportText,
} from './render.js';

const services = ['campaigns', 'connectors', 'tickets', 'reporting', 'identity'] as const;

/** An erase with `done` steps done and the next one in `next` state. */
const operation = (
  done: number,
  status: TenantOperationView['status'] = 'running',
  next: 'running' | 'failed' | 'pending' = 'running',
): TenantOperationView => ({
  id: 'op-1',
  kind: 'erase',
  companyId: 7,
  companyName: 'Acme',
  reason: 'leave',
  status,
  steps: services.map((service, index) =>
    index < done
      ? {
          service,
          action: 'erase' as const,
          status: 'done',
          report: {
            service,
            rows: (service === 'identity' ? { companies: 1, users: 2, plans: 0 } : {}) as Record<
              string,
              number
            >,
            ...(service === 'tickets' ? { objects: 3 } : {}),
            ...(service === 'connectors' ? { sessions: 1 } : {}),
          },
        }
      : index === done
        ? {
            service,
            action: 'erase' as const,
            status: next,
            ...(next === 'failed' ? { error: 'unavailable' } : {}),
          }
        : { service, action: 'erase' as const, status: 'pending' },
  ),
  bundleKey: null,
  startedBy: 0,
  error: status === 'failed' ? `${services[done]}: unavailable` : null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:01.500Z',
  finishedAt: status === 'running' ? null : '2026-11-29T10:00:01.500Z',
});

/** What a ProgressView writes, as one string. */
const recording = (tty: boolean) => {
  const written: string[] = [];
  return { written, output: { tty, out: (text: string) => written.push(text), err: () => {} } };
};

describe('the progress and the report of an operation', () => {
  it('draws a mark per step done and names the step at work, or how it ended', () => {
    expect(progressBar(operation(3))).toBe('[###--] 3/5 reporting');
    expect(progressBar(operation(0, 'running', 'pending'))).toBe('[-----] 0/5 campaigns');
    expect(progressBar(operation(5, 'done'))).toBe('[#####] 5/5 done');
    expect(progressBar(operation(2, 'failed', 'failed'))).toBe('[##---] 2/5 tickets failed');
  });

  it('redraws the bar on one line in a terminal, once per change, and ends the line', () => {
    const { written, output } = recording(true);
    const view = new ProgressView(output);
    view.show(operation(1));
    view.show(operation(1));
    view.show(operation(2));
    view.end();
    expect(written).toEqual([
      '\r[#----] 1/5 connectors\u001b[K',
      '\r[##---] 2/5 tickets\u001b[K',
      '\n',
    ]);
  });

  it('writes one JSON line per change outside a terminal', () => {
    const { written, output } = recording(false);
    const view = new ProgressView(output);
    view.show(operation(1));
    view.show(operation(1));
    view.show(operation(5, 'done'));
    view.end();
    expect(written.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        operation: 'op-1',
        kind: 'erase',
        companyId: 7,
        status: 'running',
        step: 'connectors',
        action: 'erase',
        done: 1,
        steps: 5,
      },
      {
        operation: 'op-1',
        kind: 'erase',
        companyId: 7,
        status: 'done',
        step: null,
        action: null,
        done: 5,
        steps: 5,
      },
    ]);
    expect(progressRecord(operation(2, 'failed', 'failed')).step).toBe('tickets');
  });

  it('reports the rows removed per service and table, the objects and the sessions', () => {
    expect(reportText(operation(5, 'done'))).toBe(
      [
        'Erased company 7 (Acme), reason leave, in 1.5 s.',
        '  campaigns   nothing',
        '  connectors  sessions: 1',
        '  tickets     objects: 3',
        '  reporting   nothing',
        '  identity    companies: 1, users: 2',
        'Invoices and the audit log are kept.',
        '',
      ].join('\n'),
    );
    expect(reportText(operation(2, 'failed', 'failed'))).toContain(
      'The erase of company 7 (Acme) failed: tickets: unavailable.\n',
    );
    expect(reportText(operation(2, 'failed', 'failed'))).toContain(
      '  tickets     failed: unavailable',
    );
    const record = reportRecord(operation(5, 'done'));
    expect(record.report.identity).toEqual({
      status: 'done',
      rows: { companies: 1, users: 2, plans: 0 },
      objects: undefined,
      sessions: undefined,
      error: undefined,
    });
    expect(JSON.parse(JSON.stringify(record)).report.tickets).toEqual({
      status: 'done',
      rows: {},
      objects: 3,
    });
  });

  it('names the steps of an export or import by service and action, their sizes readable', () => {
    const exporting: TenantOperationView = {
      ...operation(0),
      kind: 'export',
      reason: null,
      steps: [
        {
          service: 'identity',
          action: 'export',
          status: 'done',
          report: { service: 'identity', rows: { users: 2 } },
        },
        { service: 'identity', action: 'bundle', status: 'running' },
      ],
    };
    expect(progressBar(exporting)).toBe('[#-] 1/2 identity bundle');
    expect(progressRecord(exporting)).toMatchObject({ step: 'identity', action: 'bundle' });
    const done: TenantOperationView = {
      ...exporting,
      status: 'done',
      finishedAt: '2026-11-29T10:00:01.500Z',
      steps: [
        exporting.steps[0]!,
        {
          service: 'identity',
          action: 'bundle',
          status: 'done',
          report: { service: 'identity', rows: {}, objects: 4, bytes: 3 * 1024 * 1024 },
        },
      ],
    };
    expect(reportText(done)).toBe(
      [
        'Exported company 7 (Acme) in 1.5 s.',
        '  identity export  users: 2',
        '  identity bundle  objects: 4, 3.0 MB',
        '',
      ].join('\n'),
    );
    expect(Object.keys(reportRecord(done).report)).toEqual(['identity export', 'identity bundle']);
    // an import before identity gave the company its id
    expect(reportText({ ...exporting, kind: 'import', companyId: 0, status: 'failed' })).toMatch(
      /^The import of company "Acme" failed/,
    );
    expect(operationsTable([done]).split('\n')[1]).toMatch(/export\s+done/);
  });

  it('lists operations as a table with aligned columns', () => {
    const table = operationsTable([operation(5, 'done'), operation(2)]).split('\n');
    expect(table[0]).toMatch(
      /^ID\s+COMPANY\s+KIND\s+REASON\s+STATUS\s+STEPS\s+STARTED\s+FINISHED$/,
    );
    expect(table[1]).toMatch(
      /^op-1\s+7 Acme\s+erase\s+leave\s+done\s+5\/5\s+2026-11-29T10:00:00.000Z/,
    );
    expect(table[2]).toMatch(/running\s+2\/5\s+2026-11-29T10:00:00.000Z$/);
    expect(operationsTable([])).toBe('No tenant operations.\n');
  });
});
