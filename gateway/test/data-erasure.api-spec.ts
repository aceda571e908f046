import { randomUUID } from 'node:crypto';
import type { ContactErasure, TicketRecord } from '@sb/contracts';
import { createStorage, type ObjectStorage } from '@sb/storage';
import pg from 'pg';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// Retention and contact erasure (issue 30, LGPD) over every service: the retention job deletes a
// company's messages older than its period with their files, and nothing else; a contact's erasure
// removes it from tickets, campaigns and reporting. The dashboard's figures stay as they were.

const today = new Date().toISOString().slice(0, 10);
const figuresPaths = [
  '/dashboard?days=30',
  `/messages-allMe?fromMe=true&dateStart=${today}&dateEnd=${today}`,
  `/messages-allMe?fromMe=false&dateStart=${today}&dateEnd=${today}`,
];

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('retention and contact erasure (LGPD)', () => {
  let stack: RunningConversationStack;
  let db: Record<'tickets' | 'campaigns' | 'reporting' | 'identity', pg.Client>;
  let storage: ObjectStorage;

  const one = async <T>(client: pg.Client, sql: string, params: unknown[] = []): Promise<T> =>
    (await client.query(sql, params)).rows[0] as T;
  const count = async (client: pg.Client, sql: string, params: unknown[] = []) =>
    (await one<{ n: number }>(client, `SELECT count(*)::int AS n FROM ${sql}`, params)).n;
  const figures = () =>
    Promise.all(figuresPaths.map((path) => stack.api<unknown>('admin', 'GET', path)));
  /** Reporting has applied every message and ticket event: the figures read the same twice. */
  const settledFigures = async () => {
    let last = JSON.stringify(await figures());
    await waitFor('settled figures', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = JSON.stringify(await figures());
      const same = now === last;
      last = now;
      return same;
    });
    return JSON.parse(last) as unknown[];
  };
  const putObject = (key: string) =>
    storage.put(key, Buffer.from(key), { contentType: 'text/plain' });

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'data_erasure',
      campaigns: true,
      reporting: true,
      ticketsEnv: { MESSAGE_RETENTION_POLL_MS: '200' },
    });
    const open = async (url: string | undefined) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    };
    db = {
      tickets: await open(stack.databaseUrls.tickets),
      campaigns: await open(stack.databaseUrls.campaigns),
      reporting: await open(stack.databaseUrls.reporting),
      identity: await open(stack.databaseUrls.identity),
    };
    storage = await createStorage({ MEDIA_DIR: stack.mediaDir });
  }, 120_000);

  afterAll(async () => {
    for (const client of Object.values(db ?? {})) await client.end();
    await stack?.close();
  }, 30_000);

  it('deletes messages older than the period with their files; newer ones and other companies stay', async () => {
    const { companyId } = stack;
    const caio = stack.conversation({ number: '5511990002001', name: 'Caio' });
    await caio.run(`
      contact says Mensagem antiga
      agent accepts
      agent says Resposta antiga
      contact says Mensagem nova
    `);
    const ticket: TicketRecord = await caio.ticket.current();
    const messages = async () =>
      (
        await db.tickets.query<{ id: string; body: string; media_key: string | null }>(
          `SELECT id, body, media_key FROM tickets.messages WHERE ticket_id = $1 ORDER BY body`,
          [ticket.id],
        )
      ).rows;
    const stored = await messages();
    const byBody = (body: string) => stored.find((message) => message.body === body)!;
    // two messages 40 days old, with files; a forwarded copy shares one of them with a new message
    const oldFile = `company-${companyId}/messages/${randomUUID()}-old.jpg`;
    const sharedFile = `company-${companyId}/messages/${randomUUID()}-shared.jpg`;
    const newFile = `company-${companyId}/messages/${randomUUID()}-new.jpg`;
    for (const key of [oldFile, sharedFile, newFile]) await putObject(key);
    await db.tickets.query(
      `UPDATE tickets.messages SET created_at = now() - interval '40 days', media_key = $2
        WHERE id = $1`,
      [byBody('Mensagem antiga').id, oldFile],
    );
    await db.tickets.query(
      `UPDATE tickets.messages SET created_at = now() - interval '40 days', media_key = $2
        WHERE id = $1`,
      [byBody('Resposta antiga').id, sharedFile],
    );
    await db.tickets.query(`UPDATE tickets.messages SET media_key = $2 WHERE id = $1`, [
      byBody('Mensagem nova').id,
      sharedFile,
    ]);
    // the platform company keeps everything: an old message of its own, never touched
    const platformContact = await one<{ id: number }>(
      db.tickets,
      `INSERT INTO tickets.contacts (company_id, name, number) VALUES (1, 'Platform', '5511990002999')
       RETURNING id`,
    );
    const platformTicket = await one<{ id: number }>(
      db.tickets,
      `INSERT INTO tickets.tickets (uuid, company_id, contact_id, status, last_message)
       VALUES ($1, 1, $2, 'closed', 'Antiga da plataforma') RETURNING id`,
      [randomUUID(), platformContact.id],
    );
    const platformFile = `company-1/messages/${randomUUID()}-platform.jpg`;
    await putObject(platformFile);
    await db.tickets.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, contact_id, body, media_key, created_at)
       VALUES ($1, 1, $2, $3, 'Antiga da plataforma', $4, now() - interval '400 days')`,
      [randomUUID(), platformTicket.id, platformContact.id, platformFile],
    );
    const before = await settledFigures();

    // an admin sets 30 days: the job's next pass deletes what is older
    await stack.setCompanySetting('messageRetentionDays', '30');
    await waitFor('the old messages to go', async () => (await messages()).length === 1);
    expect((await messages()).map((message) => message.body)).toEqual(['Mensagem nova']);
    // the files go once the batch that deleted their messages has committed
    await waitFor('the old file to go', async () => (await storage.stat(oldFile)) === undefined);
    expect(await storage.stat(sharedFile)).toBeDefined();
    expect(await storage.stat(newFile)).toBeDefined();
    // the ticket and its contact stay, its preview (the newest message) too
    const kept = await one<{ last_message: string }>(
      db.tickets,
      'SELECT last_message FROM tickets.tickets WHERE id = $1',
      [ticket.id],
    );
    expect(kept.last_message).toBe('Mensagem nova');
    expect(await count(db.tickets, 'tickets.contacts WHERE id = $1', [ticket.contact.id])).toBe(1);
    // the other company lost nothing
    expect(await count(db.tickets, 'tickets.messages WHERE company_id = 1')).toBe(1);
    expect(await storage.stat(platformFile)).toBeDefined();
    // the figures come from reporting's counts, not from the messages
    expect(await figures()).toEqual(before);

    // 0 turns it off again
    await stack.setCompanySetting('messageRetentionDays', '0');
    const invalid = await fetch(`${stack.gatewayUrl}/companySettings`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${stack.users.admin.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ column: 'messageRetentionDays', data: '7' }),
    });
    expect(invalid.status).toBe(400);
  }, 60_000);

  it('erases a contact from tickets, campaigns and reporting, keeping the counts', async () => {
    const { companyId } = stack;
    const number = '5511990003001';
    const duda = stack.conversation({ number, name: 'Duda Erased' });
    await duda.run(`
      contact says Quero ser esquecida
      agent accepts
      agent says Claro
    `);
    const ticket: TicketRecord = await duda.ticket.current();
    const contactId = ticket.contact.id;
    const file = `company-${companyId}/messages/${randomUUID()}-duda.jpg`;
    await putObject(file);
    await db.tickets.query(
      `UPDATE tickets.messages SET media_key = $2 WHERE ticket_id = $1 AND NOT from_me`,
      [ticket.id, file],
    );
    await db.tickets.query(
      `INSERT INTO tickets.ticket_notes (company_id, ticket_id, contact_id, user_id, note)
       VALUES ($1, $2, $3, $4, 'Duda disse o endereço')`,
      [companyId, ticket.id, contactId, stack.users.admin.id],
    );
    // campaigns: a list item, a shipping row with its send, an opt-out, a scheduled message
    const list = await stack.api<{ id: number }>('admin', 'POST', '/contact-lists', {
      name: 'LGPD list',
    });
    await stack.api('admin', 'POST', '/contact-list-items', {
      contactListId: list.id,
      name: 'Duda Erased',
      number: '+55 11 99000-3001',
    });
    await stack.api('admin', 'POST', '/contact-list-items', {
      contactListId: list.id,
      name: 'Someone Else',
      number: '5511990003999',
    });
    const campaign = await one<{ id: number }>(
      db.campaigns,
      `INSERT INTO campaigns.campaigns (company_id, name) VALUES ($1, 'LGPD') RETURNING id`,
      [companyId],
    );
    const shipping = await one<{ id: number }>(
      db.campaigns,
      `INSERT INTO campaigns.campaign_shippings
         (company_id, campaign_id, position, number, name, message, whatsapp_id, send_at)
       VALUES ($1, $2, 1, $3, 'Duda Erased', 'Oi Duda', $4, now()) RETURNING id`,
      [companyId, campaign.id, number, stack.connectionId],
    );
    await db.campaigns.query(
      `INSERT INTO campaigns.campaign_sends (idempotency_key, company_id, shipping_id, step)
       VALUES ($1, $2, $3, 'message')`,
      [randomUUID(), companyId, shipping.id],
    );
    await db.campaigns.query(
      `INSERT INTO campaigns.campaign_opt_outs (company_id, number, campaign_id) VALUES ($1, $2, $3)`,
      [companyId, number, campaign.id],
    );
    await stack.api('admin', 'POST', '/schedules', {
      body: 'Lembrete para Duda',
      contactId,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await waitFor(
      'the ticket fact',
      async () =>
        (await count(
          db.reporting,
          `reporting.ticket_fact WHERE company_id = $1 AND contact_id = $2 AND contact_name <> ''`,
          [companyId, contactId],
        )) === 1,
    );
    const before = await settledFigures();

    // an agent may not; an admin erases
    await expect(stack.api('agent', 'POST', `/contacts/${contactId}/erase`)).rejects.toThrow(
      /answered 403/,
    );
    const erasure = await stack.api<ContactErasure>(
      'admin',
      'POST',
      `/contacts/${contactId}/erase`,
    );
    expect(erasure).toMatchObject({ id: contactId, tickets: 1, notes: 1, objects: 1 });
    expect(erasure.messages).toBeGreaterThanOrEqual(2);

    // tickets: nothing of the contact is left, the file neither
    expect(await count(db.tickets, 'tickets.contacts WHERE id = $1', [contactId])).toBe(0);
    expect(await count(db.tickets, 'tickets.tickets WHERE contact_id = $1', [contactId])).toBe(0);
    expect(await count(db.tickets, 'tickets.messages WHERE ticket_id = $1', [ticket.id])).toBe(0);
    expect(await count(db.tickets, 'tickets.ticket_notes WHERE ticket_id = $1', [ticket.id])).toBe(
      0,
    );
    expect(await storage.stat(file)).toBeUndefined();
    // campaigns removes the rows of its number and its schedule; the other item stays
    await waitFor(
      'campaigns to erase',
      async () =>
        (await count(db.campaigns, 'campaigns.schedules WHERE contact_id = $1', [contactId])) === 0,
    );
    const items = await db.campaigns.query<{ number: string }>(
      'SELECT number FROM campaigns.contact_list_items WHERE contact_list_id = $1',
      [list.id],
    );
    expect(items.rows.map((row) => row.number)).toEqual(['5511990003999']);
    expect(
      await count(db.campaigns, 'campaigns.campaign_shippings WHERE id = $1', [shipping.id]),
    ).toBe(0);
    expect(
      await count(db.campaigns, 'campaigns.campaign_sends WHERE shipping_id = $1', [shipping.id]),
    ).toBe(0);
    expect(
      await count(
        db.campaigns,
        'campaigns.campaign_opt_outs WHERE company_id = $1 AND number = $2',
        [companyId, number],
      ),
    ).toBe(0);
    // reporting forgets the name and keeps the fact (the counts)
    await waitFor(
      'reporting to erase',
      async () =>
        (await count(
          db.reporting,
          `reporting.ticket_fact WHERE company_id = $1 AND contact_id = $2 AND contact_name = ''`,
          [companyId, contactId],
        )) === 1,
    );
    expect(await figures()).toEqual(before);
    // the audit entry says what was done, without the contact's data
    await waitFor(
      'the audit entry',
      async () =>
        (await count(
          db.identity,
          `identity.audit_entries WHERE company_id = $1 AND entity = 'contact' AND action = 'erase'`,
          [companyId],
        )) === 1,
    );
    const audit = await one<Record<string, unknown>>(
      db.identity,
      `SELECT * FROM identity.audit_entries WHERE company_id = $1 AND entity = 'contact'`,
      [companyId],
    );
    expect(audit).toMatchObject({ entity_id: String(contactId) });
    expect(JSON.stringify(audit)).not.toMatch(/Duda|5511990003001/);

    // a second request finds no contact
    const again = await fetch(`${stack.gatewayUrl}/contacts/${contactId}/erase`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.users.admin.token}` },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND' });
  }, 60_000);
});
