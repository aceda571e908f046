import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningService } from '@sb/platform/nest';
import { createDiskStorage, createUrlSigner, mediaSigningSecret } from '@sb/storage';
import type { TestDatabase } from '@sb/testing';
import type { RunningGateway } from '@sb/gateway';
import pg from 'pg';

import {
  busKinds,
  json,
  jwtSecret,
  signAccessToken,
  standInRefsChecks,
  startIdentityStack,
  stopIdentityStack,
  type BusPair,
} from './support/gateway-harness.js';

// Users, settings and profile pictures end to end: real identity, the gateway, real HTTP and storage.

const kinds = await busKinds();

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

type Caller = { sub: string; cid: number; profile: 'admin' | 'user'; super: boolean };

describe.each(kinds)('users, settings and media through the gateway over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  let db: pg.Pool;
  let mediaDir: string;
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: 'root@media.test',
    ADMIN_PASSWORD: 'root-pass',
  };
  const callers: Record<'user' | 'admin' | 'super' | 'otherAdmin', Caller> = {} as never;
  const tokens: Record<string, string> = {};

  const api = (who: keyof typeof callers | undefined, url: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}${url}`, {
      ...init,
      headers: {
        ...(init.body && typeof init.body === 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const upload = (
    who: keyof typeof callers,
    id: number,
    file: Buffer,
    name = 'me.png',
    type = 'image/png',
  ) => {
    const form = new FormData();
    form.set('userId', String(id));
    form.set('typeArch', 'user');
    form.set('profileImage', new Blob([new Uint8Array(file)], { type }), name);
    return api(who, `/users/${id}/media-upload`, { method: 'POST', body: form });
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'sb-media-'));
    const signer = createUrlSigner({ secret: mediaSigningSecret(env) });
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_users_api',
      env,
      gateway: { storage: await createDiskStorage({ root: mediaDir, signer }) },
      // queues and connections are not part of this stack
      beforeGateway: (buses) => standInRefsChecks(buses.serviceBus, ['tickets', 'connectors']),
    }));
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const company = async (name: string) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO identity.companies (name, plan_id, due_date)
           SELECT $1, id, now() + interval '30 days' FROM identity.plans ORDER BY id LIMIT 1 RETURNING id`,
          [name],
        )
      ).rows[0]!.id;
    const user = async (cid: number, email: string, profile: 'admin' | 'user') =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO identity.users (company_id, name, email, password_hash, profile)
           VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
          [cid, email.split('@')[0], email, profile],
        )
      ).rows[0]!.id;
    const a = await company('Media A');
    const b = await company('Media B');
    const root = (
      await db.query<{ id: number; company_id: number }>(
        'SELECT id, company_id FROM identity.users WHERE super',
      )
    ).rows[0]!;
    callers.user = {
      sub: String(await user(a, 'user@ma.test', 'user')),
      cid: a,
      profile: 'user',
      super: false,
    };
    callers.admin = {
      sub: String(await user(a, 'admin@ma.test', 'admin')),
      cid: a,
      profile: 'admin',
      super: false,
    };
    callers.otherAdmin = {
      sub: String(await user(b, 'admin@mb.test', 'admin')),
      cid: b,
      profile: 'admin',
      super: false,
    };
    callers.super = { sub: String(root.id), cid: root.company_id, profile: 'admin', super: true };
    for (const [name, claims] of Object.entries(callers))
      tokens[name] = await signAccessToken(claims);
  }, 90_000);

  afterAll(async () => {
    await db?.end();
    await stopIdentityStack({ gateway, identity, buses, database });
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const idOf = (who: keyof typeof callers) => Number(callers[who].sub);

  it('walks the users and settings routes with user, admin, super and another company', async () => {
    const userId = idOf('user');
    const matrix: [string, string, string, object | undefined, Record<string, number>][] = [
      ['GET', '/users', '', undefined, { user: 403, admin: 200, super: 200, otherAdmin: 200 }],
      ['GET', '/users/list', '', undefined, { user: 200, admin: 200, super: 200, otherAdmin: 200 }],
      [
        'GET',
        `/users/${userId}`,
        '',
        undefined,
        { user: 200, admin: 200, super: 404, otherAdmin: 404 },
      ],
      [
        'PUT',
        `/users/${userId}`,
        '',
        { allTicket: 'enable' },
        { user: 403, admin: 200, super: 404, otherAdmin: 404 },
      ],
      ['PUT', `/users/${userId}`, '', { defaultTheme: 'dark' }, { user: 200, otherAdmin: 404 }],
      ['GET', '/settings', '', undefined, { user: 200, admin: 200, super: 200, otherAdmin: 200 }],
      [
        'PUT',
        '/settings/userRating',
        '',
        { value: 'enabled' },
        { user: 403, admin: 200, otherAdmin: 200 },
      ],
      [
        'PUT',
        '/settings/userCreation',
        '',
        { value: 'enabled' },
        { user: 403, admin: 403, super: 200 },
      ],
      [
        'GET',
        `/companySettings/${callers.admin.cid}`,
        '',
        undefined,
        { user: 403, admin: 200, super: 200, otherAdmin: 404 },
      ],
      [
        'GET',
        '/companySettingOne?column=sendSignMessage',
        '',
        undefined,
        { user: 200, admin: 200 },
      ],
      [
        'PUT',
        '/companySettings',
        '',
        { column: 'sendSignMessage', data: 'disabled' },
        { user: 403, admin: 200 },
      ],
      ['DELETE', `/users/${userId}`, '', undefined, { user: 403, otherAdmin: 404 }],
    ];
    const failures: string[] = [];
    for (const [method, url, , body, expected] of matrix) {
      for (const [who, status] of Object.entries(expected)) {
        const res = await api(who as keyof typeof callers, url, {
          method,
          body: body ? JSON.stringify(body) : undefined,
        });
        if (res.status !== status)
          failures.push(`${who} ${method} ${url}: ${res.status} ≠ ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await api(undefined, '/users')).status).toBe(401);
  });

  it('creates, pages, refuses duplicates and deletes users', async () => {
    const created = await api('admin', '/users', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Dora',
        email: 'dora@ma.test',
        password: 'secret1',
        queueIds: [2],
      }),
    });
    expect(created.status).toBe(201);
    const dora = await json(created);
    expect(dora).toMatchObject({ name: 'Dora', queueIds: [2], profile: 'user' });
    const dup = await api('otherAdmin', '/users', {
      method: 'POST',
      body: JSON.stringify({ name: 'Dora', email: 'DORA@ma.test', password: 'secret1' }),
    });
    expect(dup.status).toBe(409);
    expect(await json(dup)).toMatchObject({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    const bad = await api('admin', '/users', {
      method: 'POST',
      body: JSON.stringify({ name: 'D' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    const page = await json(await api('admin', '/users?searchParam=dor&pageNumber=1'));
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.users[0].email).toBe('dora@ma.test');
    const self = await api('admin', `/users/${idOf('admin')}`, { method: 'DELETE' });
    expect(self.status).toBe(403);
    expect((await api('admin', `/users/${dora.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('accepts an image upload and serves it only through its signed, expiring URL', async () => {
    const res = await upload('user', idOf('user'), png, 'avatar.exe');
    expect(res.status).toBe(201);
    const { user } = await json(res);
    expect(user.profileImage).toMatch(
      /^\/media\/company-\d+\/users\/[\w-]+-avatar\.png\?exp=\d+&sig=/,
    );
    const served = await fetch(`${gateway.url}${user.profileImage}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const url = new URL(user.profileImage as string, gateway.url);
    const key = decodeURIComponent(url.pathname.replace(/^\/media\//, ''));
    const tampered = new URL(url);
    tampered.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 1));
    expect((await fetch(tampered)).status).toBe(403);
    expect((await fetch(`${gateway.url}/media/${key}`)).status).toBe(403);
    const pastSigner = createUrlSigner({
      secret: mediaSigningSecret(env),
      now: () => Date.now() - 3_600_000,
    });
    expect((await fetch(`${gateway.url}${pastSigner.signedPath(key, 60)}`)).status).toBe(403);
    const otherKey = `company-${callers.otherAdmin.cid}/users/none.png`;
    const validButMissing = createUrlSigner({ secret: mediaSigningSecret(env) }).signedPath(
      otherKey,
      60,
    );
    expect((await fetch(`${gateway.url}${validButMissing}`)).status).toBe(404);

    const me = await json(await api('user', `/users/${idOf('user')}`));
    expect(me.profileImage).toMatch(/^\/media\/company-/);
  });

  it('refuses non-images, files over 5 MB, and pictures of other users or tenants', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const notImage = await upload('user', idOf('user'), svg, 'x.png', 'image/png');
    expect(notImage.status).toBe(415);
    expect(await json(notImage)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload('user', idOf('user'), big);
    expect(tooBig.status).toBe(413);
    expect(await json(tooBig)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect((await upload('user', idOf('admin'), png)).status).toBe(403);
    expect((await upload('otherAdmin', idOf('user'), png)).status).toBe(404);
    expect((await upload('admin', idOf('user'), png)).status).toBe(201);
  });
});
