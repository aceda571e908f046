import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  tenantBundleKey,
  tenantImportKey,
  type TenantOperationStep,
  type TenantOperationView,
} from '@sb/contracts';
import { createDiskStorage, streamToBuffer, type ObjectStorage } from '@sb/storage';
import type { OperatorTransport } from './transport/operator-transport.js';
import { runCli } from './cli.js';
import { exportCommand, importCommand, moveCommand, type Installation } from './transfer.js';

const bundleBytes = Buffer.from('a bundle, as identity writes it\n'.repeat(1000));
const key = 'correct horse battery';

const view = (
  fields: Partial<TenantOperationView> & Pick<TenantOperationView, 'id' | 'kind'>,
): TenantOperationView => ({
  companyId: 7,
  companyName: 'Acme',
  reason: null,
  status: 'running',
  steps: [],
  bundleKey: null,
  startedBy: 0,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
  ...fields,
});

const steps = (action: TenantOperationStep['action'], done: boolean): TenantOperationStep[] => [
  { service: 'identity', action, status: done ? 'done' : 'running' },
];

/**
 * A Switchboard whose operations answer running, then ended at the next read. Its export writes the
 * bundle to its storage when done; its import needs the bundle in its storage.
 */
const fakePlatform = (
  storage: ObjectStorage,
  options: { importFails?: boolean; bundleRefused?: boolean } = {},
) => {
  const asked: Array<{ subject: string; data: Record<string, unknown> }> = [];
  const operations = new Map<string, TenantOperationView>();
  const ended = new Map<string, () => Promise<TenantOperationView>>();
  const transport: OperatorTransport = {
    target: 'a test',
    request: async (subject, data) => {
      asked.push({ subject, data: data as Record<string, unknown> });
      const request = data as Record<string, unknown>;
      if (subject === 'identity.tenant-operation.export') {
        const id = `export-${asked.length}`;
        const running = view({ id, kind: 'export', steps: steps('bundle', false) });
        operations.set(id, running);
        ended.set(id, async () => {
          await storage.put(tenantBundleKey(id), bundleBytes, { contentType: 'x' });
          return {
            ...running,
            status: 'done',
            steps: steps('bundle', true),
            bundleKey: tenantBundleKey(id),
            finishedAt: '2026-11-29T10:00:02.000Z',
          };
        });
        return running as never;
      }
      if (subject === 'identity.tenant-operation.import') {
        const id = `import-${asked.length}`;
        const running = view({ id, kind: 'import', companyId: 0, steps: steps('unpack', false) });
        ended.set(id, async () => {
          const stored = await streamToBuffer(
            (await storage.get(request.bundleKey as string)).stream,
          );
          expect(stored.equals(bundleBytes)).toBe(true);
          if (options.bundleRefused) {
            return {
              ...running,
              status: 'failed',
              steps: [{ ...running.steps[0]!, status: 'failed', error: 'the key does not open' }],
              error: 'identity: the key does not open this bundle',
            };
          }
          return options.importFails
            ? { ...running, status: 'failed', error: 'tickets: unavailable' }
            : {
                ...running,
                companyId: 12,
                companyName: (request.name as string | undefined) ?? 'Acme',
                status: 'done',
                steps: steps('unpack', true),
                finishedAt: '2026-11-29T10:00:03.000Z',
              };
        });
        return running as never;
      }
      if (subject === 'identity.tenant-operation.abort') {
        return operations.get(request.id as string) as never;
      }
      if (subject === 'identity.company.delete') {
        const erase = view({
          id: 'erase-1',
          kind: 'erase',
          reason: request.reason as 'move',
          status: 'done',
        });
        return { id: 7, operation: erase } as never;
      }
      if (subject === 'identity.tenant-operation.get') {
        const id = request.id as string;
        const end = ended.get(id);
        if (!end) throw new Error(`no operation ${id}`);
        return (await end()) as never;
      }
      throw new Error(`unexpected ${subject}`);
    },
    close: async () => {},
  };
  return { transport, asked, subjects: () => asked.map((a) => a.subject) };
};

const recorded = () => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    lines: () => out.map((line) => JSON.parse(line) as Record<string, unknown>),
    options: {
      output: { tty: false, out: (t: string) => out.push(t), err: (t: string) => err.push(t) },
      stop: new AbortController().signal,
    },
  };
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sb-transfer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const installation = async (
  name: string,
  platform?: { importFails?: boolean; bundleRefused?: boolean },
) => {
  const storage = await createDiskStorage({ root: path.join(dir, name) });
  const fake = fakePlatform(storage, platform);
  const reached: Installation = {
    transport: fake.transport,
    storage,
    storageTarget: `the folder ${name}`,
  };
  return { ...fake, storage, reached };
};

describe('tenant export', () => {
  it('follows the export and copies the bundle whole to --out, its size last', async () => {
    const here = await installation('here');
    const { options, lines, err } = recorded();
    const out = path.join(dir, 'acme.swb');
    const code = await exportCommand(here.reached, options, {
      companyId: 7,
      out,
      key,
      force: false,
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(here.asked[0]).toEqual({
      subject: 'identity.tenant-operation.export',
      data: { id: 7, key, holdFence: false },
    });
    expect(readFileSync(out).equals(bundleBytes)).toBe(true);
    expect(lines().at(-1)).toEqual({
      operation: 'export-1',
      companyId: 7,
      file: out,
      bytes: bundleBytes.length,
    });
    expect(lines()[0]).toMatchObject({ kind: 'export', status: 'running', action: 'bundle' });
    // nothing but the bundle beside it
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('keeps an existing --out unless --force, before anything is asked', async () => {
    const here = await installation('here');
    const out = path.join(dir, 'acme.swb');
    writeFileSync(out, 'older');
    const { options, err } = recorded();
    expect(
      await exportCommand(here.reached, options, { companyId: 7, out, key, force: false }),
    ).toBe(2);
    expect(err.join('')).toContain('exists: add --force to replace it');
    expect(here.asked).toEqual([]);
    expect(readFileSync(out, 'utf8')).toBe('older');
    expect(
      await exportCommand(here.reached, recorded().options, {
        companyId: 7,
        out,
        key,
        force: true,
      }),
    ).toBe(0);
    expect(readFileSync(out).equals(bundleBytes)).toBe(true);
  });

  it('fails, leaving no file, when the bundle is not in the storage it reads', async () => {
    const here = await installation('here');
    const elsewhere = await createDiskStorage({ root: path.join(dir, 'elsewhere') });
    const { options, err } = recorded();
    const out = path.join(dir, 'acme.swb');
    const code = await exportCommand({ ...here.reached, storage: elsewhere }, options, {
      companyId: 7,
      out,
      key,
      force: false,
    });
    expect(code).toBe(1);
    expect(err.join('')).toContain('its bundle is not at tenant-operations/export-1/company.swb');
    expect(readdirSync(dir).sort()).toEqual(['elsewhere', 'here']);
  });
});

describe('tenant import', () => {
  const bundleFile = () => {
    const file = path.join(dir, 'acme.swb');
    writeFileSync(file, bundleBytes);
    return file;
  };
  const uploadKey = tenantImportKey(createHash('sha256').update(bundleBytes).digest('hex'));

  it('uploads the file, imports it under the name asked, prints the id, removes the copy', async () => {
    const there = await installation('there');
    const { options, lines } = recorded();
    const code = await importCommand(there.reached, options, {
      file: bundleFile(),
      key,
      name: 'Acme 2',
    });
    expect(code).toBe(0);
    expect(there.asked[0]).toEqual({
      subject: 'identity.tenant-operation.import',
      data: { bundleKey: uploadKey, key, name: 'Acme 2' },
    });
    expect(lines().at(-1)).toEqual({ companyId: 12, operation: 'import-1' });
    expect(await there.storage.stat(uploadKey)).toBeUndefined();
  });

  it('keeps the copy when the import fails, and uses it when asked again', async () => {
    const there = await installation('there', { importFails: true });
    const { options, err } = recorded();
    const file = bundleFile();
    expect(await importCommand(there.reached, options, { file, key })).toBe(1);
    expect(err.join('')).toContain(`The bundle stays in the folder there at ${uploadKey}`);
    expect((await there.storage.stat(uploadKey))?.size).toBe(bundleBytes.length);

    const again = recorded();
    expect(await importCommand(there.reached, again.options, { file, key })).toBe(1);
    expect(again.err.join('')).toContain('in object storage already');
  });

  it('removes the copy of a bundle the import refused, which nothing could use', async () => {
    const there = await installation('there', { bundleRefused: true });
    const { options, err } = recorded();
    expect(await importCommand(there.reached, options, { file: bundleFile(), key })).toBe(1);
    expect(err.join('')).toContain('the key does not open this bundle\nNothing was written.');
    expect(await there.storage.stat(uploadKey)).toBeUndefined();
  });

  it('says when the file is missing, asking nothing', async () => {
    const there = await installation('there');
    const { options, err } = recorded();
    const file = path.join(dir, 'none.swb');
    expect(await importCommand(there.reached, options, { file, key })).toBe(2);
    expect(err.join('')).toContain(`${file} is not a file`);
    expect(there.asked).toEqual([]);
  });
});

describe('tenant move', () => {
  it('exports here, imports there, erases here for a move, and reports the downtime', async () => {
    const here = await installation('here');
    const there = await installation('there');
    const { options, lines } = recorded();
    let clock = 0;
    const code = await moveCommand(
      here.reached,
      { ...there.reached, to: 'target.env' },
      { ...options, now: () => (clock += 1000) },
      { companyId: 7, key },
    );
    expect(code).toBe(0);
    expect(here.subjects()).toEqual([
      'identity.tenant-operation.export',
      'identity.tenant-operation.get',
      'identity.company.delete',
    ]);
    expect(here.asked[2]!.data).toEqual({ id: 7, reason: 'move' });
    expect(there.subjects()).toEqual([
      'identity.tenant-operation.import',
      'identity.tenant-operation.get',
    ]);
    const summary = lines().at(-1)!;
    expect(summary).toMatchObject({ companyId: 7, newCompanyId: 12, erased: true });
    // the clock moves 1 s a reading: start, copied out, imported, erase start and end; the
    // export's own 2 s (its server's times) do not fit in 1 s, so no copy time is split out
    expect(summary.downtimeSeconds).toBe(2);
    expect(summary.phasesSeconds).toEqual({ export: 1, download: 0, import: 1, erase: 1 });
  });

  it('does not erase here when the import fails, and unfences the company here', async () => {
    const here = await installation('here');
    const there = await installation('there', { importFails: true });
    const { options, err } = recorded();
    const bundle = path.join(dir, 'kept.swb');
    const code = await moveCommand(here.reached, { ...there.reached, to: 'target.env' }, options, {
      companyId: 7,
      key,
      bundle,
    });
    expect(code).toBe(1);
    expect(here.subjects()).not.toContain('identity.company.delete');
    // the export held the fence for the move; given up, the company works here again
    expect(here.asked[0]!.data).toMatchObject({ holdFence: true });
    expect(here.subjects()).toContain('identity.tenant-operation.abort');
    expect(readFileSync(bundle).equals(bundleBytes)).toBe(true);
    const said = err.join('');
    expect(said).toContain('Company 7 is NOT erased here, and works here again');
  });
});

describe('the transfer commands from the command line', () => {
  const fakeTransport = (target: string): OperatorTransport => ({
    target,
    request: async () => {
      throw new Error('nothing is asked');
    },
    close: async () => {},
  });

  it('refuses a target file that names nothing before reaching anything (2)', async () => {
    const { options, err } = recorded();
    const opened: string[] = [];
    const targetFile = path.join(dir, 'target.env');
    writeFileSync(targetFile, 'S3_BUCKET=other\n');
    const code = await runCli(['tenant', 'move', '--company', '7', '--to', targetFile], {
      ...options,
      env: { SWITCHBOARD_BUNDLE_KEY: key },
      open: async (env) => {
        opened.push(env.DATA_DIR ?? 'here');
        return fakeTransport('x');
      },
    });
    expect(code).toBe(2);
    expect(err.join('')).toContain('names no Switchboard');
    expect(opened).toEqual([]);
  });

  it('names the target when it cannot be reached, having closed what it opened (1)', async () => {
    const { options, err } = recorded();
    const targetFile = path.join(dir, 'target.env');
    writeFileSync(targetFile, 'DATA_DIR=./there\n');
    const closed: string[] = [];
    const code = await runCli(['tenant', 'import', '--file', 'a.swb', '--to', targetFile], {
      ...options,
      env: { SWITCHBOARD_BUNDLE_KEY: key },
      open: async () => ({
        ...fakeTransport('there'),
        close: async () => void closed.push('there'),
      }),
      storage: async () => {
        throw new Error('S3_ACCESS_KEY: required when S3_ENDPOINT is set');
      },
    });
    expect(code).toBe(1);
    expect(err.join('')).toBe(
      `switchboard: The target (${targetFile}): Cannot open the object storage: S3_ACCESS_KEY: required when S3_ENDPOINT is set\n`,
    );
    expect(closed).toEqual(['there']);
  });
});
