import type { TenantOperationView } from '@sb/contracts';
import { abortCommand, eraseCommand } from './commands.js';
import type { OperatorTransport } from './transport/operator-transport.js';

const services = ['campaigns', 'connectors', 'tickets', 'reporting', 'identity'] as const;

/** The erase after `done` steps; the last state is done. */
const state = (done: number): TenantOperationView => ({
  id: 'op-9',
  kind: 'erase',
  companyId: 9,
  companyName: 'Slow Co',
  reason: 'leave',
  status: done === services.length ? 'done' : 'running',
  steps: services.map((service, index) =>
    index < done
      ? {
          service,
          action: 'erase' as const,
          status: 'done',
          report: { service, rows: { [`${service}_rows`]: 1 } },
        }
      : { service, action: 'erase' as const, status: index === done ? 'running' : 'pending' },
  ),
  bundleKey: null,
  startedBy: 0,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: done === services.length ? '2026-11-29T10:00:02.000Z' : null,
});

/** A platform whose erase answers running, then moves one step per read. */
const slowPlatform = (reads: number[]) => {
  const asked: string[] = [];
  const transport: OperatorTransport = {
    target: 'a test',
    request: async (subject) => {
      asked.push(subject);
      if (subject === 'identity.company.delete') return { id: 9, operation: state(0) } as never;
      return state(reads.shift() ?? services.length) as never;
    },
    close: async () => {},
  };
  return { transport, asked };
};

const recorded = () => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    output: {
      tty: false,
      out: (text: string) => out.push(text),
      err: (text: string) => err.push(text),
    },
  };
};

describe('following an erase', () => {
  it('reads the operation until it is done, a line per change, then the report', async () => {
    const { transport, asked } = slowPlatform([0, 3, 5]);
    const { out, err, output } = recorded();
    const code = await eraseCommand(
      transport,
      output,
      { companyId: 9, reason: 'leave' },
      new AbortController().signal,
    );
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(asked).toEqual([
      'identity.company.delete',
      'identity.tenant-operation.get',
      'identity.tenant-operation.get',
      'identity.tenant-operation.get',
    ]);
    const lines = out.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.slice(0, -1).map((line) => [line.status, line.step])).toEqual([
      ['running', 'campaigns'],
      ['running', 'reporting'],
      ['done', null],
    ]);
    expect(lines.at(-1)).toMatchObject({
      status: 'done',
      report: { identity: { rows: { identity_rows: 1 } } },
    });
  });

  it('stops following on Ctrl+C (130), naming how to follow on', async () => {
    const { transport } = slowPlatform([0, 0, 0, 0]);
    const { err, output } = recorded();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const code = await eraseCommand(
      transport,
      output,
      { companyId: 9, reason: 'leave' },
      stop.signal,
    );
    expect(code).toBe(130);
    expect(err.join('')).toContain('switchboard tenant operations --id op-9');
  });
});

describe('aborting an export', () => {
  const exportOf = (companyId: number, id: string, status: TenantOperationView['status']) => ({
    ...state(5),
    id,
    kind: 'export' as const,
    reason: null,
    companyId,
    status,
  });
  const platform = (operations: TenantOperationView[]) => {
    const asked: { subject: string; data: unknown }[] = [];
    const transport: OperatorTransport = {
      target: 'a test',
      request: async (subject, data) => {
        asked.push({ subject, data });
        if (subject === 'identity.tenant-operation.list') return operations as never;
        const id = (data as { id: string }).id;
        const found = operations.find((operation) => operation.id === id)!;
        return { ...found, status: 'failed', error: 'Aborted by the operator' } as never;
      },
      close: async () => {},
    };
    return { transport, asked };
  };

  it("ends the company's latest export and reports it", async () => {
    const { transport, asked } = platform([
      exportOf(3, 'op-other', 'running'),
      exportOf(9, 'op-new', 'running'),
      exportOf(9, 'op-old', 'done'),
    ]);
    const { out, output } = recorded();
    expect(await abortCommand(transport, output, { companyId: 9 })).toBe(0);
    expect(asked.at(-1)).toEqual({
      subject: 'identity.tenant-operation.abort',
      data: { id: 'op-new' },
    });
    expect(JSON.parse(out.at(-1)!)).toMatchObject({ operation: 'op-new', status: 'failed' });
  });

  it('says when the company has no export, and asks nothing more', async () => {
    const { transport, asked } = platform([exportOf(3, 'op-other', 'running')]);
    const { err, output } = recorded();
    expect(await abortCommand(transport, output, { companyId: 9 })).toBe(1);
    expect(err.join('')).toContain('company 9 has no export to abort');
    expect(asked).toHaveLength(1);
  });
});
