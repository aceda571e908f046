import type { TenantBundleLink, TenantOperationView } from '@sb/contracts';
import { createStorage } from '@sb/storage';
import { signAccessToken, sleep } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// POST /companies/:id/export over every service, then GET /tenant-operations/:id/bundle: super gets
// the operation at once and, once it is done, a signed link that downloads the bundle.

describe('exporting a company over every service', () => {
  let stack: RunningConversationStack;
  let superToken: string;

  const call = (method: string, path: string, body?: unknown, token = superToken) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'tenant_export',
      campaigns: true,
      reporting: true,
    });
    superToken = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('answers the operation, then a link to its bundle once done, for super only', async () => {
    const { companyId } = stack;
    const bia = stack.conversation({ number: '5511990002001', name: 'Bia' });
    await bia.run(`
      contact says Olá
      agent accepts
    `);
    const storage = await createStorage({ MEDIA_DIR: stack.mediaDir });
    await storage.put(`company-${companyId}/media/a.txt`, Buffer.from('a'), {
      contentType: 'text/plain',
    });

    // the key is checked before anything starts; company 1 is never exported
    expect((await call('POST', `/companies/${companyId}/export`, { key: 'short' })).status).toBe(
      400,
    );
    const key = 'an operator secret';
    expect((await call('POST', '/companies/1/export', { key })).status).toBeGreaterThanOrEqual(400);
    const adminToken = await signAccessToken({
      sub: '10',
      cid: companyId,
      super: false,
      profile: 'admin',
    });
    expect((await call('POST', `/companies/${companyId}/export`, { key }, adminToken)).status).toBe(
      403,
    );

    const started = await call('POST', `/companies/${companyId}/export`, { key });
    expect(started.status).toBe(201);
    let operation = (await started.json()) as TenantOperationView;
    expect(operation).toMatchObject({ kind: 'export', companyId, reason: null });
    expect(operation.steps.map((step) => `${step.service} ${step.action}`)).toEqual([
      'identity export',
      'tickets export',
      'connectors export',
      'campaigns export',
      'reporting export',
      'identity bundle',
    ]);

    // no link before it is done
    if (operation.status === 'running') {
      const early = await call('GET', `/tenant-operations/${operation.id}/bundle`);
      expect([404, 200]).toContain(early.status);
    }
    for (let i = 0; i < 200 && operation.status === 'running'; i++) {
      await sleep(100);
      operation = (await (
        await call('GET', `/tenant-operations/${operation.id}`)
      ).json()) as TenantOperationView;
    }
    expect(operation).toMatchObject({ status: 'done', error: null });
    const bundleKey = `tenant-operations/${operation.id}/company.swb`;

    // the gateway hears of the unfence as an event: until then the admin is answered 503 maintenance
    const asAdmin = () =>
      call('GET', `/tenant-operations/${operation.id}/bundle`, undefined, adminToken);
    let refused = await asAdmin();
    for (let i = 0; i < 100 && refused.status === 503; i++) {
      await sleep(50);
      refused = await asAdmin();
    }
    expect(refused.status).toBe(403);
    const linked = await call('GET', `/tenant-operations/${operation.id}/bundle`);
    expect(linked.status).toBe(200);
    const link = (await linked.json()) as TenantBundleLink;
    expect(link.url).toMatch(
      new RegExp(`^/media/tenant-operations/${operation.id}/company\\.swb\\?exp=\\d+&sig=`),
    );
    const expiresIn = Date.parse(link.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(3500_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    // the link alone downloads it, as a file, byte for byte what is stored
    const download = await fetch(`${stack.gatewayUrl}${link.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="company-${operation.id}.swb"`,
    );
    const stored = await storage.get(bundleKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
    // altered, the link is refused
    expect((await fetch(`${stack.gatewayUrl}${link.url.replace('exp=', 'exp=1')}`)).status).toBe(
      403,
    );

    // an operation that is not an export has no bundle
    const erase = await call('DELETE', `/companies/${companyId}`);
    expect(erase.status).toBe(200);
    const { operation: erasing } = (await erase.json()) as { operation: TenantOperationView };
    const none = await call('GET', `/tenant-operations/${erasing.id}/bundle`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(
      'This operation has no bundle: it is not a finished export.',
    );
  }, 90_000);
});
