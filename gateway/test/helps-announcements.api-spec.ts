import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import type { Announcement, AnnouncementPage, AuthResult, Help } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import type { TestDatabase } from '@sb/testing';
import type { RunningGateway } from '@sb/gateway';
import {
  busKinds,
  type BusPair,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
} from './support/gateway-harness.js';

// Helps and announcements through the gateway with the real identity: roles, validation, socket fan-out.

const kinds = await busKinds();
const root = { email: 'root@helps.test', password: 'helps-root-pw' };
const mediaDir = await mkdtemp(join(tmpdir(), 'sb-announcements-'));
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e6e8a50000000049454e44ae426082',
  'hex',
);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

describe.each(kinds)('helps and announcements through the gateway over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  let superToken: string;
  let adminToken: string;
  let userToken: string;
  const sockets: Socket[] = [];
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: root.email,
    ADMIN_PASSWORD: root.password,
    AUTH_RATE_LIMIT: '1000',
    MEDIA_DIR: mediaDir,
  };

  const api = (path: string, token: string, method = 'GET', body?: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_helps',
      env,
    }));
    const res = await fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(root),
    });
    superToken = ((await json(res)) as AuthResult).token;
    // tenants of other companies: announcements and helps are platform-wide, so they read them too
    adminToken = await signAccessToken({ sub: '20', cid: 2, profile: 'admin' });
    userToken = await signAccessToken({ sub: '30', cid: 3, profile: 'user' });
  }, 90_000);

  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await stopIdentityStack({ gateway, identity, buses, database });
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  const upload = (id: number, token: string, file: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    return fetch(`${gateway.url}/announcements/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('lets only super users write helps, and everyone logged in read them', async () => {
    const body = { title: 'Pairing a phone', description: 'Scan the code', video: 'dQw4w9WgXcQ' };
    for (const token of [adminToken, userToken]) {
      const refused = await api('/helps', token, 'POST', body);
      expect(refused.status).toBe(403);
      expect((await json(refused)).error).toBe('ERR_NO_PERMISSION');
    }
    const created = await api('/helps', superToken, 'POST', body);
    expect(created.status).toBe(201);
    const help = (await json(created)) as Help;

    for (const token of [adminToken, userToken]) {
      const list = await api('/helps/list', token);
      expect(list.status).toBe(200);
      expect(((await json(list)) as Help[]).map((h) => h.title)).toContain('Pairing a phone');
      expect((await api(`/helps/${help.id}`, token, 'PUT', body)).status).toBe(403);
      expect((await api(`/helps/${help.id}`, token, 'DELETE')).status).toBe(403);
    }
    const page = await api('/helps?searchParam=pairing', userToken);
    expect(await json(page)).toMatchObject({ count: 1, hasMore: false });

    const updated = await api(`/helps/${help.id}`, superToken, 'PUT', {
      ...body,
      title: 'Renamed',
    });
    expect(updated.status).toBe(200);
    expect((await json(updated)).title).toBe('Renamed');
    expect((await api(`/helps/${help.id}`, superToken, 'DELETE')).status).toBe(200);
    const gone = await api(`/helps/${help.id}`, superToken, 'DELETE');
    expect(gone.status).toBe(404);
    expect((await json(gone)).error).toBe('ERR_NO_HELP_FOUND');
  });

  it('answers 400 naming the fields of a bad help or announcement', async () => {
    const help = await api('/helps', superToken, 'POST', { title: '' });
    expect(help.status).toBe(400);
    expect((await json(help)).fields).toHaveProperty('title');
    const announcement = await api('/announcements', superToken, 'POST', {
      title: 'x',
      priority: 9,
    });
    expect(announcement.status).toBe(400);
    expect(Object.keys((await json(announcement)).fields).sort()).toEqual(['priority', 'text']);
    expect((await api('/announcements/abc', superToken)).status).toBe(400);
  });

  it('manages announcements for super users and shows other tenants only the active ones', async () => {
    const active = (await json(
      await api('/announcements', superToken, 'POST', { title: 'Upgrade', text: 'v2 is out' }),
    )) as Announcement;
    expect(active).toMatchObject({ priority: 3, status: true, mediaName: null });
    const inactiveRes = await api('/announcements', superToken, 'POST', {
      title: 'Draft',
      text: 'Not yet',
      priority: 1,
      status: false,
    });
    expect(inactiveRes.status).toBe(201);
    const inactive = (await json(inactiveRes)) as Announcement;

    for (const token of [adminToken, userToken]) {
      const page = await api('/announcements/?pageNumber=1', token);
      expect(page.status).toBe(200);
      const records = ((await json(page)) as AnnouncementPage).records.map((r) => r.id);
      expect(records).toContain(active.id);
      expect(records).not.toContain(inactive.id);
      for (const [path, method, body] of [
        ['/announcements', 'POST', { title: 't', text: 'x' }],
        [`/announcements/${active.id}`, 'GET', undefined],
        [`/announcements/${active.id}`, 'PUT', { title: 't', text: 'x' }],
        [`/announcements/${active.id}`, 'DELETE', undefined],
      ] as const) {
        expect((await api(path, token, method, body)).status).toBe(403);
      }
    }
    const all = (await json(await api('/announcements', superToken))) as AnnouncementPage;
    expect(all.records.map((r) => r.id)).toEqual(expect.arrayContaining([active.id, inactive.id]));
    expect((await api(`/announcements/${inactive.id}`, superToken)).status).toBe(200);
    const put = await api(`/announcements/${inactive.id}`, superToken, 'PUT', {
      title: 'Draft',
      text: 'Ready',
      priority: 2,
      status: true,
    });
    expect(put.status).toBe(200);
    expect((await api(`/announcements/${inactive.id}`, superToken, 'DELETE')).status).toBe(200);
    expect((await api(`/announcements/${inactive.id}`, superToken)).status).toBe(404);
  });

  it('sends company-announcement to the sockets of every company', async () => {
    const admin = await connectSocket(gateway.url, {
      token: adminToken,
      query: { companyId: '2', userId: '20' },
    });
    const user = await connectSocket(gateway.url, {
      token: userToken,
      query: { companyId: '3', userId: '30' },
    });
    sockets.push(admin, user);
    const toAdmin = recordEvents(admin);
    const toUser = recordEvents(user);
    await sleep(100);

    const created = (await json(
      await api('/announcements', superToken, 'POST', { title: 'Live', text: 'Now', priority: 1 }),
    )) as Announcement;
    const heard = (received: typeof toAdmin, action: string) =>
      received.some(
        (e) =>
          e.event === 'company-announcement' &&
          (e.payload as { action: string; record: { id: number } }).action === action &&
          (e.payload as { record: { id: number } }).record.id === created.id,
      );
    await waitFor(() => heard(toAdmin, 'create') && heard(toUser, 'create'), 10_000, 'create');
    const mine = toUser.filter(
      (e) =>
        e.event === 'company-announcement' &&
        (e.payload as { record: { id: number } }).record.id === created.id,
    );
    expect(mine[0]?.payload).toMatchObject({
      action: 'create',
      record: { id: created.id, title: 'Live', priority: 1, status: true },
    });

    // switched off: the text leaves every popover and is never sent again
    await api(`/announcements/${created.id}`, superToken, 'PUT', {
      title: 'Live',
      text: 'Secret',
      status: false,
    });
    await waitFor(() => heard(toAdmin, 'delete') && heard(toUser, 'delete'), 10_000, 'hide');
    expect(JSON.stringify(toUser)).not.toContain('Secret');
  });

  it('stores a png or jpeg image for super users only and refuses other types', async () => {
    const record = (await json(
      await api('/announcements', superToken, 'POST', { title: 'With image', text: 'x' }),
    )) as Announcement;

    const refused = await upload(record.id, adminToken, png, 'a.png', 'image/png');
    expect(refused.status).toBe(403);
    // a gif named .png is still a gif: the first bytes decide
    const gifRes = await upload(record.id, superToken, gif, 'fake.png', 'image/png');
    expect(gifRes.status).toBe(415);
    expect((await json(gifRes)).error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const text = await upload(record.id, superToken, Buffer.from('hello'), 'a.jpg', 'image/jpeg');
    expect(text.status).toBe(415);
    const missing = await upload(999_999, superToken, png, 'a.png', 'image/png');
    expect(missing.status).toBe(404);

    const stored = await upload(record.id, superToken, png, 'banner.png', 'image/png');
    expect(stored.status).toBe(201);
    const withImage = (await json(stored)) as Announcement;
    expect(withImage).toMatchObject({ id: record.id, mediaName: 'banner.png' });
    expect(withImage.mediaPath).toMatch(/^platform\/announcements\/.+\.png$/);
    // the signed link serves the bytes to an <img>, without a token
    const image = await fetch(`${gateway.url}${withImage.mediaUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    expect(
      (await api(`/announcements/${record.id}/media-upload`, userToken, 'DELETE')).status,
    ).toBe(403);
    const cleared = await api(`/announcements/${record.id}/media-upload`, superToken, 'DELETE');
    expect(cleared.status).toBe(200);
    expect(await json(cleared)).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    // the old file is gone from storage
    expect((await fetch(`${gateway.url}${withImage.mediaUrl}`)).status).toBe(404);
  });
});
