import type { INestApplicationContext } from '@nestjs/common';
import { createDiskStorage, type ObjectStorage } from '@sb/storage';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { secretKeyringFromEnv } from '@sb/platform/secrets';
import type { IdMaps } from '@sb/platform/tenant';
import {
  mapJobPayload,
  openBotSecrets,
  sealBotSecrets,
  ticketsTenantPart,
} from './tickets-tenant-part.js';

describe("tickets' part: the media of each company", () => {
  let root: string;
  let storage: ObjectStorage;
  // the part finds the store through the application (MediaStorage)
  const app = {
    get: () => ({ get: () => Promise.resolve(storage) }),
  } as unknown as INestApplicationContext;
  const put = (key: string, bytes: number) =>
    storage.put(key, Buffer.alloc(bytes), { contentType: 'application/octet-stream' });

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-tickets-usage-'));
    storage = await createDiskStorage({ root });
    await put('company-2/messages/a.jpg', 100);
    await put('company-2/users/me.png', 20);
    await put('company-20/messages/b.pdf', 7);
    await put('company-3/imports/list.csv', 5);
  });

  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it("weighs the companies asked about, zeros for one without objects, never a neighbour's", async () => {
    expect(await ticketsTenantPart.usageOutside!([2, 4], app)).toEqual([
      { companyId: 2, mediaBytes: 120, objects: 2 },
      { companyId: 4, mediaBytes: 0, objects: 0 },
    ]);
  });

  it('weighs every company with objects when none is named', async () => {
    const every = await ticketsTenantPart.usageOutside!([], app);
    expect([...every].sort((a, b) => a.companyId - b.companyId)).toEqual([
      { companyId: 2, mediaBytes: 120, objects: 2 },
      { companyId: 3, mediaBytes: 5, objects: 1 },
      { companyId: 20, mediaBytes: 7, objects: 1 },
    ]);
  });
});

describe("tickets' part: bot secrets across installations", () => {
  const purpose = { salt: 'switchboard-tickets', info: 'bot-secrets/v1' };
  const source = secretKeyringFromEnv({ JWT_SECRET: 'the source installation' }, purpose);
  const target = secretKeyringFromEnv({ JWT_SECRET: 'the target installation' }, purpose);

  it.each([
    ['prompts', { id: 1, api_key_sealed: 'sk-openai', voice_key_sealed: 'azure-voice' }],
    ['queue_integrations', { id: 2, json_content: '{"private_key":"-----BEGIN"}' }],
  ])(
    'opens the secrets of %s for the bundle and seals them with the target key',
    (table, plain) => {
      const sealed = (ring: typeof source) =>
        Object.fromEntries(
          Object.entries(plain).map(([k, v]) => [k, typeof v === 'string' ? ring.seal(v) : v]),
        );
      const exported = openBotSecrets(table, sealed(source), source);
      expect(exported).toEqual(plain);

      const imported = sealBotSecrets(table, exported, target);
      for (const [column, value] of Object.entries(plain)) {
        if (typeof value !== 'string') continue;
        expect(imported[column]).toMatch(/^enc:v1:/);
        expect(target.open(imported[column] as string)).toBe(value);
        expect(() => source.open(imported[column] as string)).toThrow();
      }
    },
  );

  it('leaves empty secrets and other tables alone', () => {
    const row = { id: 1, api_key_sealed: null, voice_key_sealed: '' };
    expect(sealBotSecrets('prompts', row, target)).toEqual(row);
    expect(openBotSecrets('queues', { id: 3, name: 'Sales' }, source)).toEqual({
      id: 3,
      name: 'Sales',
    });
  });
});

describe("tickets' part: a pending bot job's payload", () => {
  const maps: IdMaps = new Map([
    ['tickets.file_lists', new Map([[5, 50]])],
    ['tickets.queue_integrations', new Map([[6, 60]])],
    ['tickets.prompts', new Map([[7, 70]])],
  ]);
  const companies = { from: 2, to: 9 };

  it('maps the file list, the bot and the storage keys', () => {
    expect(
      mapJobPayload(
        {
          texts: ['hi'],
          fileListId: 5,
          greetingMedia: { key: 'company-2/connections/hello.jpg', at: 0 },
          handOff: {
            bot: { integrationId: 6 },
            message: {
              id: 'm',
              body: '',
              mediaType: 'image',
              mediaKey: 'company-2/messages/a.jpg',
              mediaName: 'a.jpg',
            },
          },
        },
        maps,
        companies,
      ),
    ).toEqual({
      texts: ['hi'],
      fileListId: 50,
      greetingMedia: { key: 'company-9/connections/hello.jpg', at: 0 },
      handOff: {
        bot: { integrationId: 60 },
        message: {
          id: 'm',
          body: '',
          mediaType: 'image',
          mediaKey: 'company-9/messages/a.jpg',
          mediaName: 'a.jpg',
        },
      },
    });
    expect(
      mapJobPayload(
        { texts: [], handOff: { bot: { promptId: 7 }, message: null } },
        maps,
        companies,
      ),
    ).toEqual({ texts: [], handOff: { bot: { promptId: 70 }, message: null } });
  });

  it('drops what the bundle no longer holds', () => {
    expect(
      mapJobPayload(
        { texts: ['x'], fileListId: 99, handOff: { bot: { promptId: 98 }, message: null } },
        maps,
        companies,
      ),
    ).toEqual({ texts: ['x'] });
  });
});
