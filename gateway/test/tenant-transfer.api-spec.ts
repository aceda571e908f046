import { createHash } from 'node:crypto';
import {
  Subjects,
  type ServiceName,
  type TenantOperationView,
  type TicketRecord,
} from '@sb/contracts';
import { createStorage, streamToBuffer, type ObjectStorage } from '@sb/storage';
import pg from 'pg';
import { connectSocket, recordEvents, signAccessToken, sleep } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';
import { carryBundle, operate } from './support/tenant-transfer.js';

// A company exported from one installation and imported into another (each its own databases and
// storage): the same rows table by table (ids aside), the same media by SHA-256, its users sign in
// with their passwords, and importing the bundle again adds nothing. A wrong key is refused.

const key = 'a long operator secret for the bundle';

/** Rows of the company in each table with company_id, per service (what an import must recreate). */
const countRows = async (stack: RunningConversationStack, companyId: number) => {
  const counts: Record<string, number> = {};
  for (const [service, url] of Object.entries(stack.databaseUrls) as [ServiceName, string][]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
          WHERE table_schema = $1 AND column_name = 'company_id' ORDER BY table_name`,
        [service],
      );
      for (const { table_name } of tables) {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${service}"."${table_name}" WHERE company_id = $1`,
          [companyId],
        );
        if (rows[0]!.n > 0) counts[`${service}.${table_name}`] = rows[0]!.n;
      }
    } finally {
      await client.end();
    }
  }
  return counts;
};

/** SHA-256 of each object under the company's prefix, by the key's rest. */
const mediaOf = async (storage: ObjectStorage, companyId: number) => {
  const prefix = `company-${companyId}/`;
  const hashes: Record<string, string> = {};
  for (const objectKey of await storage.list(prefix)) {
    const { stream } = await storage.get(objectKey);
    hashes[objectKey.slice(prefix.length)] = createHash('sha256')
      .update(await streamToBuffer(stream))
      .digest('hex');
  }
  return hashes;
};

/** The socket event saying operation `id` is done. */
const isDone =
  (id: string) =>
  ({ event, payload }: { event: string; payload: unknown }) =>
    event === 'tenant-operation' &&
    (payload as { operation: TenantOperationView }).operation.id === id &&
    (payload as { operation: TenantOperationView }).operation.status === 'done';

describe('a company moved between two installations', () => {
  let source: RunningConversationStack;
  let target: RunningConversationStack;
  let sourceStorage: ObjectStorage;
  let targetStorage: ObjectStorage;

  beforeAll(async () => {
    [source, target] = await Promise.all([
      startConversationStack({ name: 'transfer_from', campaigns: true, reporting: true }),
      startConversationStack({ name: 'transfer_to', campaigns: true, reporting: true }),
    ]);
    sourceStorage = await createStorage({ MEDIA_DIR: source.mediaDir });
    targetStorage = await createStorage({ MEDIA_DIR: target.mediaDir });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  }, 60_000);

  it('arrives whole, signs in, and a second import adds nothing', async () => {
    const bia = source.conversation({ number: '5511990002001', name: 'Bia' });
    await bia.run(`
      contact says Olá
      agent accepts
      agent says Oi Bia
    `);
    const ticket: TicketRecord = await bia.ticket.current();
    await source.api('admin', 'POST', '/tags', { name: 'Moved tag', color: '#00ff00' });
    await source.api('admin', 'POST', '/quick-messages', { shortcode: 'hi', message: 'Hello' });
    await source.api('admin', 'POST', '/schedules', {
      body: 'A schedule that moves with the company',
      contactId: ticket.contact.id,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await source.api('admin', 'POST', '/contact-lists', { name: 'Moved list' });
    const object = { contentType: 'image/png' };
    await sourceStorage.put(`company-${source.companyId}/media/a.png`, Buffer.from('a'), object);
    await sourceStorage.put(
      `company-${source.companyId}/media/b.png`,
      Buffer.alloc(70_000, 2),
      object,
    );

    const exported = await operate(source, Subjects.identity.tenantOperationExport, {
      id: source.companyId,
      key,
    });
    expect(exported).toMatchObject({ kind: 'export', status: 'done', error: null });
    // fenced while it ran, the company works again once exported
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${source.gatewayUrl}/tags`, {
        headers: { authorization: `Bearer ${source.users.admin.token}` },
      });
      if (res.status === 200) break;
      await sleep(100);
    }
    await source.api('admin', 'GET', '/tags');
    const bundleKey = await carryBundle(exported, sourceStorage, targetStorage);

    // a wrong key is refused before anything is written
    const refused = await operate(target, Subjects.identity.tenantOperationImport, {
      bundleKey,
      key: 'not the key of this bundle',
      name: 'Moved Co',
    });
    expect(refused).toMatchObject({ status: 'failed', companyId: 0 });
    expect(refused.error).toMatch(/key does not open/);

    // super follows the import on the socket; an admin of a company hears nothing of it
    const superToken = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
    const superSocket = await connectSocket(target.gatewayUrl, { token: superToken });
    const adminSocket = await connectSocket(target.gatewayUrl, {
      token: target.users.admin.token,
    });
    const superHeard = recordEvents(superSocket);
    const adminHeard = recordEvents(adminSocket);
    const imported = await operate(target, Subjects.identity.tenantOperationImport, {
      bundleKey,
      key,
      name: 'Moved Co',
    });
    expect(imported).toMatchObject({ kind: 'import', status: 'done', error: null });
    for (let i = 0; i < 50 && !superHeard.some(isDone(imported.id)); i++) await sleep(100);
    expect(superHeard.some(isDone(imported.id))).toBe(true);
    expect(adminHeard.filter((e) => e.event === 'tenant-operation')).toEqual([]);
    superSocket.close();
    adminSocket.close();
    const companyId = imported.companyId;
    expect(companyId).toBeGreaterThan(0);
    expect(companyId).not.toBe(target.companyId);

    // the same rows table by table, ids aside; left out: what never travels (sign-in sessions, leases,
    // events already relayed) and each installation's own record (audit log, operations)
    const notMoved =
      /outbox_event|sessions|session_rotated_tokens|session_leases|audit_entries|tenant_operations/;
    const moved = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([table]) => !notMoved.test(table)));
    expect(moved(await countRows(target, companyId))).toEqual(
      moved(await countRows(source, source.companyId)),
    );
    expect(await mediaOf(targetStorage, companyId)).toEqual(
      await mediaOf(sourceStorage, source.companyId),
    );

    // its admin signs in at the target with the password of the source
    const login = await fetch(`${target.gatewayUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // the source stack's admin (conversation-stack.ts)
      body: JSON.stringify({
        email: 'admin@transfer-from.test',
        password: 'conversation-admin-pw',
      }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { companyId: number } }).user.companyId).toBe(
      companyId,
    );

    // the same bundle again: the same company, nothing added
    const again = await operate(target, Subjects.identity.tenantOperationImport, {
      bundleKey,
      key,
      name: 'Moved Co',
    });
    expect(again).toMatchObject({ status: 'done', companyId });
    const added = again.steps
      .filter((step) => step.action === 'import')
      .flatMap((step) => Object.values(step.report?.rows ?? {}));
    expect(added.every((n) => n === 0)).toBe(true);
  }, 120_000);
});
