import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCodes, type AuthResult, type TenantOperationView } from '@sb/contracts';
import { startStandalone, type RunningStandalone } from '@sb/testing/standalone';
import { runCli } from './run-cli.js';

type Progress = { operation: string; status: string; step: string | null };
type Report = {
  operation: string;
  status: string;
  report: Record<string, { status: string; rows: Record<string, number> }>;
};

// `npx switchboard` against `npm start`, both real processes: the command line finds the app through
// the operator socket in its DATA_DIR, with no NATS and no setting but DATA_DIR.
describe('switchboard tenant erase on npm start', () => {
  let app: RunningStandalone;
  let env: Record<string, string>;
  let companyId: number;

  const api = async <T>(method: string, route: string, body?: unknown, token?: string) => {
    const response = await fetch(`${app.apiUrl}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    app = await startStandalone();
    env = { DATA_DIR: app.dataDir };
    const { token, user } = await api<AuthResult>('POST', '/auth/login', {
      email: app.superEmail,
      password: app.superPassword,
    });
    const company = await api<{ id: number }>(
      'POST',
      '/companies',
      {
        name: 'Leaving Co',
        email: 'boss@leaving.test',
        password: 'leaving-1',
        planId: user.company.planId,
      },
      token,
    );
    companyId = company.id;
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('erases a company with JSON lines of progress and a report of what each service removed', async () => {
    const run = await runCli(['tenant', 'erase', '--company', String(companyId), '--yes'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const progress = run.lines.slice(0, -1) as Progress[];
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) expect(line).toMatchObject({ operation: expect.any(String) });
    expect(progress.at(-1)).toMatchObject({ status: 'done', step: null });

    const report = run.lines.at(-1) as Report;
    expect(report).toMatchObject({ operation: progress[0]!.operation, status: 'done' });
    expect(Object.keys(report.report)).toEqual([
      'campaigns',
      'connectors',
      'tickets',
      'reporting',
      'identity',
    ]);
    expect(report.report.identity).toMatchObject({ status: 'done', rows: { companies: 1 } });

    // the operation is listed, and shown by its id
    const listed = await runCli(['tenant', 'operations'], env);
    expect(listed.code).toBe(0);
    expect(listed.lines).toContainEqual(
      expect.objectContaining({ id: report.operation, companyId, status: 'done', reason: 'leave' }),
    );
    const one = await runCli(['tenant', 'operations', '--id', report.operation], env);
    expect(one.code).toBe(0);
    expect(one.lines).toEqual([expect.objectContaining({ id: report.operation, startedBy: 0 })]);
  });

  it('answers an erased company as not found, refuses company 1, and erases nothing without --yes', async () => {
    const again = await runCli(['tenant', 'erase', '--company', String(companyId), '--yes'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(ErrorCodes.ERR_NO_COMPANY_FOUND.message);
    expect(again.stderr).toContain('ERR_NO_COMPANY_FOUND');

    const platform = await runCli(['tenant', 'erase', '--company', '1', '--yes'], env);
    expect(platform.code).toBe(1);
    expect(platform.stderr).toContain('ERR_COMPANY_PROTECTED');

    const unsure = await runCli(['tenant', 'erase', '--company', '1'], env);
    expect(unsure.code).toBe(2);
    expect(unsure.stderr).toContain('--yes');
    const operations = await runCli(['tenant', 'operations'], env);
    expect(
      (operations.lines as TenantOperationView[]).map((operation) => operation.companyId),
    ).toEqual([companyId]);
  });

  it('says so when no Switchboard runs with the DATA_DIR', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sb-cli-none-'));
    try {
      const run = await runCli(['tenant', 'operations'], { DATA_DIR: empty });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`No Switchboard is running with DATA_DIR ${empty}`);
      expect(run.stdout).toBe('');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
