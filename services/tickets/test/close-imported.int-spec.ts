import { randomUUID } from 'node:crypto';
import {
  SettingDefaults,
  Subjects,
  eventSubject,
  type CloseImportedTicketsReply,
  type DomainEvent,
  type InboundMessageEventData,
  type RequestContext,
  type TicketEventData,
} from '@sb/contracts';
import { answerCompanySettings, answerConnections } from './replica-stand-ins.js';
import { startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

/**
 * POST /closedimported/:id, the tickets side (`tickets.ticket.close-imported`): a history import lands
 * its messages in tickets marked imported; closing them closes those of that connection and company
 * only, never a ticket a contact opened by writing.
 */
const until = async (check: () => Promise<boolean>, timeoutMs = 8000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('closing the tickets a history import opened', () => {
  let app: TicketsTestApp;
  let seq = 0;
  const admin: Partial<RequestContext> = { companyId: 1, userId: 1, profile: 'admin' };
  const agent: Partial<RequestContext> = { companyId: 1, userId: 2, profile: 'user' };
  const otherAdmin: Partial<RequestContext> = { companyId: 2, userId: 9, profile: 'admin' };

  const message = (
    number: string,
    over: Partial<InboundMessageEventData> = {},
    companyId = 1,
  ): DomainEvent<InboundMessageEventData> => {
    seq += 1;
    return {
      id: randomUUID(),
      subject: eventSubject(companyId, 'connectors', 'message', 'received'),
      companyId,
      occurredAt: new Date().toISOString(),
      data: {
        connectionId: 5,
        channel: 'whatsapp',
        externalId: `wa-history-${seq}`,
        fromMe: false,
        peer: { number, isGroup: false },
        kind: 'message',
        mediaType: 'chat',
        body: `old message ${seq}`,
        sentAt: new Date(Date.now() - 86_400_000).toISOString(),
        imported: true,
        ...over,
      },
    };
  };
  const ticketOf = async (number: string, companyId = 1) =>
    (
      await app.db.query<{ id: number; status: string; imported: boolean; whatsapp_id: number }>(
        `SELECT t.id, t.status, t.imported, t.whatsapp_id FROM tickets.tickets t
           JOIN tickets.contacts c ON c.id = t.contact_id
          WHERE t.company_id = $1 AND c.number = $2 ORDER BY t.id DESC LIMIT 1`,
        [companyId, number],
      )
    ).rows[0];
  const closeImported = (connectionId: number, ctx: Partial<RequestContext>) =>
    app.call<CloseImportedTicketsReply>(
      Subjects.tickets.ticketCloseImported,
      { connectionId },
      ctx,
    );

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-close-imported-int-spec');
    // connection 7 closes its import's tickets itself (closedTicketsPostImported)
    await answerConnections(app.bus, () =>
      [5, 6, 7].map((id) => ({
        id,
        name: `Connection ${id}`,
        channel: 'whatsapp',
        closedTicketsPostImported: id === 7,
      })),
    );
    await answerCompanySettings(
      app.bus,
      (_companyId, key) => SettingDefaults[key as keyof typeof SettingDefaults],
    );
    // the import of connection 5 (two conversations, one with our own reply), one of connection 6, one
    // of company 2's connection 5, and a contact who wrote on connection 5 while the import ran
    for (const event of [
      message('5511966660001'),
      message('5511966660001', { fromMe: true }),
      message('5511966660002'),
      message('5511966660003', { connectionId: 6 }),
      message('5511966660004', {}, 2),
      message('5511966660005', { imported: false }),
      message('5511966660006', { connectionId: 7 }),
    ])
      await app.bus.publish(event);
    // conversations are applied side by side: wait for all seven messages, not for the last ticket
    await until(
      async () =>
        (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets.messages'))
          .rows[0]!.n === 7,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('keeps the imported messages in tickets marked imported, with no bot and no unread count', async () => {
    const ticket = await ticketOf('5511966660001');
    expect(ticket).toMatchObject({ status: 'pending', imported: true, whatsapp_id: 5 });
    const { rows } = await app.db.query<{ n: number; unread: number }>(
      `SELECT count(m.*)::int AS n, max(t.unread_messages)::int AS unread
         FROM tickets.messages m JOIN tickets.tickets t ON t.id = m.ticket_id WHERE t.id = $1`,
      [ticket!.id],
    );
    expect(rows[0]).toEqual({ n: 2, unread: 0 });
    expect((await ticketOf('5511966660005'))!.imported).toBe(false);
  });

  it('makes the tickets of a connection that closes its imports closed, with no service cycle', async () => {
    await until(async () => Boolean(await ticketOf('5511966660006')));
    const ticket = await ticketOf('5511966660006');
    expect(ticket).toMatchObject({ status: 'closed', imported: true, whatsapp_id: 7 });
    const { rows } = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets.ticket_tracking WHERE ticket_id = $1',
      [ticket!.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await closeImported(7, admin)).toEqual({ closed: 0 });
  });

  it('is admin work', async () => {
    await expect(closeImported(5, agent)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect((await ticketOf('5511966660001'))!.status).toBe('pending');
  });

  it("closes that connection's imported tickets of the caller's company, each with its event", async () => {
    const before = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tickets.outbox_event WHERE subject = 'evt.1.tickets.ticket.updated'",
    );
    expect(await closeImported(5, admin)).toEqual({ closed: 2 });
    expect((await ticketOf('5511966660001'))!.status).toBe('closed');
    expect((await ticketOf('5511966660002'))!.status).toBe('closed');
    // another connection's import, another company's, and a ticket a contact opened stay as they were
    expect((await ticketOf('5511966660003'))!.status).toBe('pending');
    expect((await ticketOf('5511966660004', 2))!.status).toBe('pending');
    expect((await ticketOf('5511966660005'))!.status).toBe('pending');
    const { rows } = await app.db.query<{ payload: TicketEventData }>(
      `SELECT payload FROM tickets.outbox_event WHERE subject = 'evt.1.tickets.ticket.updated'
        ORDER BY seq OFFSET $1`,
      [before.rows[0]!.n],
    );
    expect(rows.map((row) => [row.payload.ticket.status, row.payload.previousStatus])).toEqual([
      ['closed', 'pending'],
      ['closed', 'pending'],
    ]);
    // nothing left to close the second time
    expect(await closeImported(5, admin)).toEqual({ closed: 0 });
  });

  it("closes another company's import only for that company", async () => {
    expect(await closeImported(5, otherAdmin)).toEqual({ closed: 1 });
    expect((await ticketOf('5511966660004', 2))!.status).toBe('closed');
    expect((await ticketOf('5511966660003'))!.status).toBe('pending');
  });

  it('refuses a request without a connection id', async () => {
    await expect(app.call(Subjects.tickets.ticketCloseImported, {}, admin)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });
});
