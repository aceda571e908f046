import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socketEvent } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { startTicketsService } from '@sb/tickets';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
  requestAs,
} from './support/gateway-harness.js';

// AI prompts (/prompt, plan flag useOpenAi) and file lists (/files) through the gateway, with tickets.
// Roles: a plain user and an admin of company 1 (plan with useOpenAi), the admin of another company, and
// company 1's admin on a plan without useOpenAi. `2xx` means any success, 403 a refused role or plan, 404
// another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin' | 'noPlan';
type Expected = '2xx' | 403 | 404;
type Fixture = {
  queueId: number;
  promptId: number;
  doomedPromptId: number;
  fileListId: number;
  optionId: number;
  doomedFileListId: number;
};
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** a multipart body: one pdf under `files` for the fixture's option */
  upload?: boolean;
  expect: [Role, Expected][];
};

const text = 'You are the helpful assistant of the sales queue; answer briefly and kindly.';
const apiKey = 'sk-gateway-spec-000011112222';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const unique = () => Math.random().toString(36).slice(2, 8);

const promptWrites: [Role, Expected][] = [
  ['user', 403],
  ['noPlan', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];
const adminOnly: [Role, Expected][] = [
  ['user', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];

const table: Row[] = [
  // the list feeds pickers: every user of the company, whatever the plan
  {
    method: 'GET',
    path: () => '/prompt',
    expect: [
      ['user', '2xx'],
      ['noPlan', '2xx'],
      ['otherAdmin', '2xx'],
      ['admin', '2xx'],
    ],
  },
  { method: 'GET', path: (f) => `/prompt/${f.promptId}`, expect: promptWrites },
  {
    method: 'POST',
    path: () => '/prompt',
    body: (f) => ({ name: `Walk ${unique()}`, prompt: text, apiKey, queueId: f.queueId }),
    expect: [
      ['user', 403],
      ['noPlan', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/prompt/${f.promptId}`,
    body: (f) => ({ name: 'Kept prompt', prompt: text, queueId: f.queueId }),
    expect: promptWrites,
  },
  { method: 'DELETE', path: (f) => `/prompt/${f.doomedPromptId}`, expect: promptWrites },
  {
    method: 'GET',
    path: () => '/files',
    expect: [
      ['user', 403],
      ['otherAdmin', '2xx'],
      ['admin', '2xx'],
    ],
  },
  { method: 'GET', path: (f) => `/files/${f.fileListId}`, expect: adminOnly },
  {
    method: 'POST',
    path: () => '/files',
    body: () => ({ name: `Walk ${unique()}`, message: 'Pick one', options: [{ name: 'A' }] }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/files/${f.fileListId}`,
    body: (f) => ({
      name: 'Kept list',
      message: 'Pick',
      options: [{ id: f.optionId, name: 'Kept' }],
    }),
    expect: adminOnly,
  },
  {
    method: 'POST',
    path: (f) => `/files/uploadList/${f.fileListId}`,
    upload: true,
    expect: adminOnly,
  },
  { method: 'DELETE', path: (f) => `/files/${f.doomedFileListId}`, expect: adminOnly },
];

const kinds = await busKinds();

describe.each(kinds)('prompts and file lists over the $name', (kind) => {
  let stack: IdentityStack;
  let ticketsDb: TestDatabase;
  let tickets: RunningService;
  let mediaDir: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(stack.gateway.url, tokens[role], method, path, body);

  const upload = (
    role: Role,
    path: string,
    parts: { optionId: number; data: Buffer; name: string }[],
  ) => {
    const form = new FormData();
    form.append('fileId', path.split('/').at(-1)!);
    form.append('typeArch', 'fileList');
    for (const part of parts) {
      form.append('files', new Blob([new Uint8Array(part.data)]), part.name);
      form.append('id', String(part.optionId));
      form.append('name', part.name);
    }
    return fetch(`${stack.gateway.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };

  const storedFile = (key: string) =>
    access(join(mediaDir, key)).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-file-lists-'));
    const env = { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '0', MEDIA_DIR: mediaDir };
    ticketsDb = await createTestDatabase('gateway_prompts_tickets');
    stack = await startIdentityStack(kind, {
      database: 'gateway_prompts',
      env,
      beforeGateway: async (buses) => {
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb.url,
          env,
        });
      },
    });
    tokens.user = await signAccessToken({
      sub: '11',
      cid: 1,
      profile: 'user',
      flags: ['useOpenAi'],
    });
    tokens.admin = await signAccessToken({
      sub: '10',
      cid: 1,
      profile: 'admin',
      flags: ['useOpenAi'],
    });
    tokens.otherAdmin = await signAccessToken({
      sub: '20',
      cid: 2,
      profile: 'admin',
      flags: ['useOpenAi'],
    });
    tokens.noPlan = await signAccessToken({ sub: '10', cid: 1, profile: 'admin', flags: [] });

    const queue = await ok<{ id: number }>(
      await call('admin', 'POST', '/queue', {
        name: 'Sales',
        color: '#aa0000',
        greetingMessage: 'Hi',
      }),
    );
    const prompt = (name: string) =>
      call('admin', 'POST', '/prompt', { name, prompt: text, apiKey, queueId: queue.id }).then(
        (res) => ok<{ id: number }>(res),
      );
    const list = (name: string) =>
      call('admin', 'POST', '/files', { name, message: 'Pick', options: [{ name: 'Kept' }] }).then(
        (res) => ok<{ id: number; options: { id: number }[] }>(res),
      );
    const kept = await list('Kept list');
    fixture = {
      queueId: queue.id,
      promptId: (await prompt('Kept prompt')).id,
      doomedPromptId: (await prompt('Doomed prompt')).id,
      fileListId: kept.id,
      optionId: kept.options[0]!.id,
      doomedFileListId: (await list('Doomed list')).id,
    };
  }, 90_000);

  afterAll(async () => {
    await tickets?.close();
    await stopIdentityStack(stack ?? {});
    await ticketsDb?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = row.upload
          ? await upload(role, row.path(fixture), [
              { optionId: fixture.optionId, data: pdf, name: 'walk.pdf' },
            ])
          : await call(role, row.method, row.path(fixture), row.body?.(fixture));
        const body = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        expect({ role, status: got, body: got === expected ? '' : body }).toEqual({
          role,
          status: expected,
          body: '',
        });
      }
    });
  });

  it('answers ERR_PLAN_FEATURE_DISABLED without useOpenAi', async () => {
    const res = await call('noPlan', 'GET', `/prompt/${fixture.promptId}`);
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it('masks the key, refuses a prompt without a queue and answers deletes with a message', async () => {
    const got = await ok<{ apiKey: string; queue: { name: string } }>(
      await call('admin', 'GET', `/prompt/${fixture.promptId}`),
    );
    expect(got).toMatchObject({ apiKey: 'sk-...2222', queue: { name: 'Sales' } });
    const noQueue = await call('admin', 'POST', '/prompt', {
      name: 'No queue',
      prompt: text,
      apiKey,
    });
    expect(noQueue.status).toBe(400);
    expect(await json(noQueue)).toMatchObject({ error: 'ERR_PROMPT_QUEUE_REQUIRED' });
    const bad = await call('admin', 'POST', '/prompt', { name: 'x', prompt: 'short', apiKey });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ error: 'ERR_VALIDATION' });
    const temp = await ok<{ id: number }>(
      await call('admin', 'POST', '/prompt', {
        name: 'Temporary',
        prompt: text,
        apiKey,
        queueId: fixture.queueId,
      }),
    );
    const deleted = await ok<{ id: number; message: string }>(
      await call('admin', 'DELETE', `/prompt/${temp.id}`),
    );
    expect(deleted).toEqual({ id: temp.id, message: expect.any(String) });
  });

  it('stores uploaded files, serves them, and removes them with their option or list', async () => {
    const list = await ok<{ id: number; options: { id: number; name: string }[] }>(
      await call('admin', 'POST', '/files', {
        name: 'Uploads',
        message: 'Pick a file',
        options: [{ name: 'Prices' }, { name: 'Menu' }],
      }),
    );
    const [prices, menu] = list.options;
    const uploaded = await ok<{ options: { path: string; url: string; mediaType: string }[] }>(
      await upload('admin', `/files/uploadList/${list.id}`, [
        { optionId: prices!.id, data: pdf, name: 'prices.pdf' },
        { optionId: menu!.id, data: pdf, name: 'menu.pdf' },
      ]),
    );
    const [pricesFile, menuFile] = uploaded.options;
    expect(pricesFile).toMatchObject({ mediaType: 'application/pdf' });
    expect(pricesFile!.path).toMatch(/^company-1\/file-lists\/.*prices\.pdf$/);
    const served = await fetch(`${stack.gateway.url}${pricesFile!.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await storedFile(menuFile!.path)).toBe(true);

    // the menu option is dropped on update: its file goes, the kept option keeps its own
    const updated = await ok<{ options: { path: string | null }[] }>(
      await call('admin', 'PUT', `/files/${list.id}`, {
        name: 'Uploads',
        message: 'Pick a file',
        options: [{ id: prices!.id, name: 'Prices' }],
      }),
    );
    expect(updated.options).toEqual([expect.objectContaining({ path: pricesFile!.path })]);
    expect(await storedFile(menuFile!.path)).toBe(false);

    // a file that is no accepted media is refused and nothing stays behind
    const refused = await upload('admin', `/files/uploadList/${list.id}`, [
      { optionId: prices!.id, data: Buffer.from('#!/bin/sh\n'), name: 'a.pdf' },
    ]);
    expect(refused.status).toBe(415);
    const mismatched = await upload('admin', `/files/uploadList/${list.id}`, [
      { optionId: 999_999, data: pdf, name: 'lost.pdf' },
    ]);
    expect(mismatched.status).toBe(400);

    await ok(await call('admin', 'DELETE', `/files/${list.id}`));
    expect(await storedFile(pricesFile!.path)).toBe(false);
  });

  it('pages the lists with search and tells the company sockets', async () => {
    const socket = await connectSocket(stack.gateway.url, { token: tokens.admin });
    try {
      const received = recordEvents(socket);
      await ok(
        await call('admin', 'POST', '/files', {
          name: 'Socket list',
          message: 'Hello',
          options: [],
        }),
      );
      const page = await ok<{ files: { name: string }[]; hasMore: boolean }>(
        await call('admin', 'GET', '/files/?searchParam=socket&pageNumber=1'),
      );
      expect(page).toEqual({
        files: [expect.objectContaining({ name: 'Socket list' })],
        hasMore: false,
      });
      await ok(
        await call('admin', 'PUT', `/prompt/${fixture.promptId}`, {
          name: 'Kept prompt',
          prompt: text,
          queueId: fixture.queueId,
        }),
      );
      // the previous test's delete event may still be on its way when this socket connects
      const fileCreated = () =>
        received.find(
          (r) =>
            r.event === socketEvent.company(1, 'file') &&
            (r.payload as { action?: string }).action === 'create',
        );
      await waitFor(
        () => !!fileCreated() && received.some((r) => r.event === socketEvent.company(1, 'prompt')),
        5_000,
        'the file and prompt events',
      );
      expect(fileCreated()!.payload).toMatchObject({
        action: 'create',
        fileList: { name: 'Socket list' },
      });
      const promptEvent = received.find((r) => r.event === socketEvent.company(1, 'prompt'))!;
      expect(promptEvent.payload).toMatchObject({
        action: 'update',
        prompt: { apiKey: 'sk-...2222' },
      });
      expect(JSON.stringify(promptEvent.payload)).not.toContain(apiKey);
    } finally {
      socket.close();
    }
  });
});
