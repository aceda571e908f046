import { randomUUID } from 'node:crypto';
import type { CompanyEraseReply, ServiceName, TicketRecord } from '@sb/contracts';
import { createStorage } from '@sb/storage';
import pg from 'pg';
import { signAccessToken, sleep } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// DELETE /companies/:id over every service: a company with a conversation, records in each service
// and media in storage is erased; a scan of every table with company_id (from the catalogue) finds none
// of its rows but what is kept on purpose, and the platform company's rows are untouched.

/** Tables whose rows of an erased company stay on purpose (docs/tenant-operations.md). */
const kept = ['identity.audit_entries', 'identity.invoices', 'identity.tenant_operations'];

/** Rows per `schema.table` with company_id = `companyId`, in every service's database. */
const scan = async (stack: RunningConversationStack, companyId: number) => {
  const found: Record<string, number> = {};
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
        found[`${service}.${table_name}`] = rows[0]!.n;
      }
      if (service === 'identity') {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM identity.companies WHERE id = $1',
          [companyId],
        );
        found['identity.companies'] = rows[0]!.n;
      }
    } finally {
      await client.end();
    }
  }
  return found;
};

const nonZero = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

describe('erasing a company over every service', () => {
  let stack: RunningConversationStack;

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'tenant_erase',
      campaigns: true,
      reporting: true,
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('leaves none of its rows and objects, and the platform company as it was', async () => {
    const { companyId } = stack;
    // a conversation, records in tickets and campaigns, media in storage
    const bia = stack.conversation({ number: '5511990001001', name: 'Bia' });
    await bia.run(`
      contact says Olá
      agent accepts
      agent says Oi Bia
    `);
    const ticket: TicketRecord = await bia.ticket.current();
    await stack.api('admin', 'POST', '/tags', { name: 'Erased tag', color: '#ff0000' });
    await stack.api('admin', 'POST', '/quick-messages', { shortcode: 'hi', message: 'Hello' });
    await stack.api('admin', 'POST', '/schedules', {
      body: 'A schedule that goes with the company',
      contactId: ticket.contact.id,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await stack.api('admin', 'POST', '/contact-lists', { name: 'Erased list' });
    const storage = await createStorage({ MEDIA_DIR: stack.mediaDir });
    const object = { contentType: 'text/plain' };
    await storage.put(`company-${companyId}/media/a.txt`, Buffer.from('a'), object);
    await storage.put(`company-${companyId}/media/b.txt`, Buffer.from('b'), object);
    await storage.put('company-1/media/platform.txt', Buffer.from('p'), object);

    const before = nonZero(await scan(stack, companyId));
    for (const table of ['tickets.messages', 'tickets.tickets', 'connectors.connections']) {
      expect(before[table]).toBeGreaterThan(0);
    }
    const platformBefore = await scan(stack, 1);

    const superToken = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
    const res = await fetch(`${stack.gatewayUrl}/companies/${companyId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(res.status).toBe(200);
    const { operation } = (await res.json()) as CompanyEraseReply;
    expect(operation).toMatchObject({ companyId, status: 'done', error: null });
    const report = Object.fromEntries(operation.steps.map((step) => [step.service, step.report]));
    expect(report.tickets).toMatchObject({
      objects: 2,
      rows: { messages: before['tickets.messages'] },
    });
    expect(report.connectors).toMatchObject({ sessions: 1 });

    // nothing of the company is left but what is kept on purpose
    const after = nonZero(await scan(stack, companyId));
    expect(Object.keys(after).filter((table) => !kept.includes(table))).toEqual([
      'identity.outbox_event',
    ]);
    // that one is identity.company.deleted: the others hear it; the relay prunes it once published
    expect(after['identity.outbox_event']).toBe(1);
    expect(await storage.list(`company-${companyId}/`)).toEqual([]);
    // the platform company lost nothing
    expect(await scan(stack, 1)).toEqual(platformBefore);
    expect(await storage.list('company-1/')).toEqual(['company-1/media/platform.txt']);

    // an event of the company delivered late is recorded and not applied: reporting keeps no zone
    const late = randomUUID();
    await stack.identityStack.buses.serviceBus.publish({
      id: late,
      subject: `evt.${companyId}.identity.company.updated`,
      companyId,
      occurredAt: new Date().toISOString(),
      data: { company: { id: companyId }, timeZone: 'Asia/Tokyo' },
    });
    const reporting = new pg.Client({ connectionString: stack.databaseUrls.reporting });
    await reporting.connect();
    try {
      const handled = async () =>
        (
          await reporting.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM reporting.processed_event WHERE event_id = $1',
            [late],
          )
        ).rows[0]!.n;
      for (let i = 0; i < 100 && (await handled()) < 2; i++) await sleep(50);
      expect(await handled()).toBe(2); // the zones' and the hours' consumers
    } finally {
      await reporting.end();
    }
    expect(nonZero(await scan(stack, companyId))).toEqual(after);

    // its users can no longer sign in; asked again, the erase reports itself done
    const again = await fetch(`${stack.gatewayUrl}/companies/${companyId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(again.status).toBe(404);
    const listed = await fetch(`${stack.gatewayUrl}/tenant-operations/${operation.id}`, {
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(await listed.json()).toMatchObject({ id: operation.id, status: 'done' });
  }, 60_000);
});
