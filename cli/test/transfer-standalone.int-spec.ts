import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthResult, TenantOperationView } from '@sb/contracts';
import { startStandalone, type RunningStandalone } from '@sb/testing/standalone';
import { runCli } from './run-cli.js';

// `npx switchboard tenant export | import | move` between two `npm start`s, every one a real process:
// the command line reaches each through its operator socket and its storage through its DATA_DIR.
describe('switchboard tenant export, import and move between two npm starts', () => {
  let source: RunningStandalone;
  let target: RunningStandalone;
  let work: string;
  let companyId: number;
  const key = 'an operator secret for the test';
  const boss = { email: 'boss@moving.test', password: 'moving-boss-1' };

  const api = async <T>(
    app: RunningStandalone,
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ) => {
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
  const login = (app: RunningStandalone, email: string, password: string) =>
    api<AuthResult>(app, 'POST', '/auth/login', { email, password });

  beforeAll(async () => {
    [source, target] = await Promise.all([startStandalone(), startStandalone()]);
    work = mkdtempSync(path.join(tmpdir(), 'sb-cli-transfer-'));
    const { token, user } = await login(source, source.superEmail, source.superPassword);
    const company = await api<{ id: number }>(
      source,
      'POST',
      '/companies',
      {
        name: 'Moving Co',
        email: boss.email,
        password: boss.password,
        planId: user.company.planId,
      },
      token,
    );
    companyId = company.id;
    const own = await login(source, boss.email, boss.password);
    await api(source, 'POST', '/tags', { name: 'Travels along', color: '#00aa00' }, own.token);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('exports to a file, imports it elsewhere with its users, and adds nothing the second time', async () => {
    const file = path.join(work, 'moving.swb');
    const exported = await runCli(
      ['tenant', 'export', '--company', String(companyId), '--out', file],
      { DATA_DIR: source.dataDir, SWITCHBOARD_BUNDLE_KEY: key },
    );
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.lines.at(-1)).toEqual({
      operation: expect.any(String),
      companyId,
      file,
      bytes: statSync(file).size,
    });
    expect(readdirSync(work)).toEqual(['moving.swb']);

    // without --force the file is kept and nothing is exported
    const kept = await runCli(
      ['tenant', 'export', '--company', String(companyId), '--out', file, '--key', key],
      { DATA_DIR: source.dataDir },
    );
    expect(kept.code).toBe(2);
    expect(kept.stderr).toContain('exists: add --force');

    // a wrong key is refused by the import's first step, nothing written
    const wrong = await runCli(
      ['tenant', 'import', '--file', file, '--key', 'not the operator secret'],
      { DATA_DIR: target.dataDir },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('the key does not open this bundle');
    expect(wrong.stderr).toContain('Nothing was written.');

    const imported = await runCli(
      ['tenant', 'import', '--file', file, '--key', key, '--name', 'Restored Co'],
      { DATA_DIR: target.dataDir },
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const { companyId: newId } = imported.lines.at(-1) as { companyId: number };
    expect(newId).toBeGreaterThan(1);
    // the copy is gone once done
    const imports = path.join(target.dataDir, 'media', 'tenant-imports');
    expect(existsSync(imports) ? readdirSync(imports) : []).toEqual([]);

    // its admin signs in there with the same password, and finds the company's tag
    const there = await login(target, boss.email, boss.password);
    expect(there.user.companyId).toBe(newId);
    const tags = await api<{ tags: Array<{ name: string }> }>(
      target,
      'GET',
      '/tags',
      undefined,
      there.token,
    );
    expect(tags.tags.map((tag) => tag.name)).toContain('Travels along');

    // the same bundle again answers the same company
    const again = await runCli(['tenant', 'import', '--file', file, '--key', key], {
      DATA_DIR: target.dataDir,
    });
    expect(again.code).toBe(0);
    expect(again.lines.at(-1)).toMatchObject({ companyId: newId });
  }, 180_000);

  it('moves a company: export, import on the target, erase here, with the downtime', async () => {
    const targetEnv = path.join(work, 'target.env');
    writeFileSync(targetEnv, `# the second npm start\nDATA_DIR=${target.dataDir}\n`);
    const { token, user } = await login(source, source.superEmail, source.superPassword);
    const company = await api<{ id: number }>(
      source,
      'POST',
      '/companies',
      {
        name: 'Travelling Co',
        email: 'boss@travelling.test',
        password: 'travelling-1',
        planId: user.company.planId,
      },
      token,
    );
    const moved = await runCli(
      ['tenant', 'move', '--company', String(company.id), '--to', targetEnv],
      { DATA_DIR: source.dataDir, SWITCHBOARD_BUNDLE_KEY: key },
    );
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    const summary = moved.lines.at(-1) as {
      newCompanyId: number;
      downtimeSeconds: number;
      phasesSeconds: Record<string, number>;
      erased: boolean;
    };
    expect(summary).toMatchObject({ companyId: company.id, erased: true });
    expect(Object.keys(summary.phasesSeconds)).toEqual(['export', 'download', 'import', 'erase']);
    expect(summary.downtimeSeconds).toBeGreaterThan(0);

    // gone here (an erase for a move), working there
    const operations = await runCli(['tenant', 'operations'], { DATA_DIR: source.dataDir });
    expect(operations.lines).toContainEqual(
      expect.objectContaining({ kind: 'erase', companyId: company.id, reason: 'move' }),
    );
    await expect(login(source, 'boss@travelling.test', 'travelling-1')).rejects.toThrow();
    const there = await login(target, 'boss@travelling.test', 'travelling-1');
    expect(there.user.companyId).toBe(summary.newCompanyId);
    const listed = (await runCli(['tenant', 'operations'], { DATA_DIR: target.dataDir }))
      .lines as TenantOperationView[];
    expect(listed.filter((operation) => operation.kind === 'import').length).toBeGreaterThan(0);
  }, 180_000);
});
