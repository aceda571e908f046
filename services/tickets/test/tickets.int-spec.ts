import {
  Subjects,
  type BusRequest,
  type RequestContext,
  type TicketLogRecord,
  type TicketNoteRecord,
  type TicketRecord,
  type TicketsPage,
} from '@sb/contracts';
import {
  answerCompanySettings,
  answerConnections,
  answerUserRecords,
  resyncReplicas,
  type FakeUser,
} from './replica-stand-ins.js';
import { outboxPayloads, startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;

describe('tickets over the bus', () => {
  let app: TicketsTestApp;
  const settings = new Map<string, string>();
  const users = new Map<number, FakeUser>();
  const sent: { body: string }[] = [];
  let q1 = 0;
  let q2 = 0;

  const admin: Partial<RequestContext> = { companyId: 1, userId: 1, profile: 'admin' };
  const ana: Partial<RequestContext> = { companyId: 1, userId: 2, profile: 'user' };
  const bruno: Partial<RequestContext> = { companyId: 1, userId: 3, profile: 'user' };
  const other: Partial<RequestContext> = { companyId: 2, userId: 9, profile: 'admin' };

  /** a contact of the context's company (admin's unless told) */
  const newContact = (name: string, ctx = admin) => app.given.newContact(ctx.companyId!, { name });
  const outbox = (subject: string) => outboxPayloads(app.db, subject);
  const createTicket = (data: object, ctx: Partial<RequestContext>) =>
    app.call<TicketRecord>(S.ticketCreate, data, ctx);
  const updateTicket = (data: object, ctx: Partial<RequestContext>) =>
    app.call<TicketRecord>(S.ticketUpdate, data, ctx);
  const storedTexts = async (ticketId: number) =>
    (
      await app.db.query<{ body: string }>(
        'SELECT body FROM tickets.messages WHERE ticket_id = $1 AND from_me ORDER BY created_at',
        [ticketId],
      )
    ).rows.map((row) => row.body);
  /** identity changed a user or a setting: the replicas load again (a resync, as after a gap) */
  const changeUser = async (id: number, patch: Partial<FakeUser>) => {
    users.set(id, { ...users.get(id)!, ...patch });
    await resyncReplicas(app.service);
  };
  const changeSetting = async (key: string, value: string | null) => {
    if (value === null) settings.delete(key);
    else settings.set(key, value);
    await resyncReplicas(app.service);
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-tickets-int-spec');
    const queue = async (name: string, color: string) =>
      (await app.given.newQueue(1, { name, color })).id;
    q1 = await queue('Vendas', '#111111');
    q2 = await queue('Suporte', '#222222');
    const base = { allTicket: 'disable' as const, allowGroup: false, farewellMessage: null };
    users.set(1, { ...base, id: 1, name: 'Admin', profile: 'admin', queueIds: [] });
    users.set(2, { ...base, id: 2, name: 'Ana', profile: 'user', queueIds: [q1] });
    users.set(3, {
      ...base,
      id: 3,
      name: 'Bruno',
      profile: 'user',
      queueIds: [q2],
      farewellMessage: 'Tchau!',
    });
    await app.bus.handle(Subjects.identity.userGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      const found = (payload.ctx as RequestContext).companyId === 1 ? users.get(id) : undefined;
      return found ? Promise.resolve(found) : Promise.reject(new Error('no user'));
    });
    await answerUserRecords(app.bus, (companyId) => (companyId === 1 ? [...users.values()] : []));
    await answerCompanySettings(app.bus, (_companyId, key) => settings.get(key) ?? 'disabled');
    const connection = {
      id: 10,
      name: 'Main WA',
      channel: 'whatsapp',
      isDefault: true,
      groupAsTicket: 'disabled',
      ratingMessage: 'Avalie de 1 a 5',
      complationMessage: 'Obrigado pelo contato!',
    };
    await answerConnections(app.bus, (companyId) => (companyId === 1 ? [connection] : []));
    await app.bus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
      sent.push(payload.data as { body: string });
      return Promise.resolve({
        externalId: `wa-${sent.length}`,
        ack: 1,
        sentAt: new Date().toISOString(),
      });
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('creates an open ticket on the default connection with logs, tracking and an event', async () => {
    const contact = await newContact('João Conceição');
    const ticket = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    expect(ticket).toMatchObject({
      status: 'open',
      userId: 2,
      user: { id: 2, name: 'Ana' },
      queue: { id: q1, name: 'Vendas' },
      whatsappId: 10,
      whatsapp: { name: 'Main WA', groupAsTicket: 'disabled' },
      contact: { id: contact.id, name: 'João Conceição' },
      tags: [],
      unreadMessages: 0,
    });
    expect(ticket.code).toMatch(new RegExp(`${ticket.id}$`));
    const logs = await app.call<TicketLogRecord[]>(S.ticketLogList, { ticketId: ticket.id }, ana);
    expect(logs.map((l) => l.type)).toEqual(['create', 'open']);
    const tracking = await app.db.query(
      'SELECT started_at FROM tickets.ticket_tracking WHERE ticket_id = $1',
      [ticket.id],
    );
    expect(tracking.rows[0].started_at).not.toBeNull();
    expect(await outbox('evt.1.tickets.ticket.updated')).toContainEqual(
      expect.objectContaining({ ticket: expect.objectContaining({ id: ticket.id }) }),
    );
  });

  it('refuses a second active ticket for the contact and connection, naming the holder', async () => {
    const contact = await newContact('Carla');
    await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await expect(createTicket({ contactId: contact.id, queueId: q2 }, bruno)).rejects.toMatchObject(
      {
        code: 'ERR_OTHER_OPEN_TICKET',
        status: 409,
        details: { userId: 2, user: { name: 'Ana' }, queue: { name: 'Vendas' } },
      },
    );
  });

  it('requires a queue from non-admins and scopes everything by company', async () => {
    const contact = await newContact('Dora');
    await expect(createTicket({ contactId: contact.id }, ana)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
    const ticket = await createTicket({ contactId: contact.id }, admin);
    await expect(app.call(S.ticketGet, { id: ticket.id }, other)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
      status: 404,
    });
    await expect(updateTicket({ id: ticket.id, status: 'closed' }, other)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(createTicket({ contactId: contact.id }, other)).rejects.toMatchObject({
      code: 'ERR_NO_CONTACT_FOUND',
    });
  });

  it('lists by visibility: own queues, pending, and accent-insensitive search', async () => {
    const eva = await newContact('Éva Müller');
    const pending = await createTicket(
      { contactId: eva.id, queueId: q1, status: 'pending' },
      admin,
    );
    const fred = await newContact('Fred');
    const inQ2 = await createTicket({ contactId: fred.id, queueId: q2, status: 'pending' }, admin);
    const anaPending = await app.call<TicketsPage>(S.ticketList, { status: 'pending' }, ana);
    const ids = anaPending.tickets.map((t) => t.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(inQ2.id);
    const brunoPending = await app.call<TicketsPage>(S.ticketList, { status: 'pending' }, bruno);
    expect(brunoPending.tickets.map((t) => t.id)).toEqual([inQ2.id]);
    const search = await app.call<TicketsPage>(S.ticketList, { searchParam: 'eva mull' }, ana);
    expect(search.tickets.map((t) => t.id)).toEqual([pending.id]);
    await app.given.newMessage(pending.id, { body: 'Preciso de orçamento', contactId: null });
    const byBody = await app.call<TicketsPage>(S.ticketList, { searchParam: 'ORCAMENTO' }, ana);
    expect(byBody.tickets.map((t) => t.id)).toEqual([pending.id]);
    // by a part of the contact's number, and a contact's ticket found by a message only once
    const byNumber = await app.call<TicketsPage>(
      S.ticketList,
      { searchParam: eva.number.slice(-6) },
      ana,
    );
    expect(byNumber.tickets.map((t) => t.id)).toEqual([pending.id]);
    await app.given.newMessage(pending.id, { body: 'Éva: outro orçamento', contactId: null });
    const both = await app.call<TicketsPage>(S.ticketList, { searchParam: 'eva' }, ana);
    expect(both).toMatchObject({ count: 1 });
    expect(both.tickets.map((t) => t.id)).toEqual([pending.id]);
    const open = await app.call<TicketsPage>(S.ticketList, { status: 'open' }, ana);
    expect(open.tickets.every((t) => t.userId === 2)).toBe(true);
    expect(open.count).toBe(open.tickets.length);
  });

  it('accepts, answers "taken", transfers, returns to queue and closes with a farewell', async () => {
    const contact = await newContact('Gabi');
    const created = await createTicket(
      { contactId: contact.id, queueId: q1, status: 'pending' },
      admin,
    );
    const accepted = await updateTicket({ id: created.id, status: 'open' }, ana);
    expect(accepted).toMatchObject({ status: 'open', userId: 2 });
    await changeUser(3, { queueIds: [q1, q2] });
    const taken = await updateTicket({ id: created.id, status: 'open' }, bruno);
    expect(taken).toMatchObject({ id: created.id, userId: 2, user: { name: 'Ana' } });
    // the accept button names the caller: still "taken", the ticket stays Ana's
    const takenNamed = await updateTicket(
      { id: created.id, status: 'open', userId: 3, queueId: q1 },
      bruno,
    );
    expect(takenNamed).toMatchObject({
      id: created.id,
      userId: 2,
      user: { name: 'Ana' },
      queue: { name: 'Vendas' },
    });
    const transferred = await updateTicket(
      { id: created.id, status: 'open', userId: 3, queueId: q2 },
      ana,
    );
    expect(transferred).toMatchObject({ status: 'open', userId: 3, queueId: q2 });
    const returned = await updateTicket({ id: created.id, status: 'pending', userId: null }, bruno);
    expect(returned).toMatchObject({ status: 'pending', userId: null });
    await updateTicket({ id: created.id, status: 'open' }, bruno);
    const closed = await updateTicket({ id: created.id, status: 'closed' }, bruno);
    expect(closed.status).toBe('closed');
    const logs = await app.call<TicketLogRecord[]>(
      S.ticketLogList,
      { ticketId: created.id },
      admin,
    );
    expect(logs.map((l) => l.type)).toEqual(
      expect.arrayContaining(['open', 'transfered', 'receivedTransfer', 'pending', 'closed']),
    );
    await until(async () => (await storedTexts(created.id)).includes('Tchau!'));
    expect(await storedTexts(created.id)).toContain('Tchau!');
    const updates = (await outbox('evt.1.tickets.ticket.updated')) as {
      ticket: TicketRecord;
      previousStatus?: string;
    }[];
    expect(updates).toContainEqual(
      expect.objectContaining({
        ticket: expect.objectContaining({ id: created.id, status: 'closed' }),
        previousStatus: 'open',
      }),
    );
    await changeUser(3, { queueIds: [q2] });
  });

  it('closes without farewell, requires a tag when requiredTag is on, waits for a rating with userRating', async () => {
    const contact = await newContact('Hugo');
    const ticket = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await changeSetting('requiredTag', 'enabled');
    await expect(updateTicket({ id: ticket.id, status: 'closed' }, ana)).rejects.toMatchObject({
      code: 'ERR_TICKET_TAG_REQUIRED',
    });
    await changeSetting('requiredTag', null);
    await changeSetting('userRating', 'enabled');
    // the close dialog's rating choice "no rating": closed at once, the rating message never sent
    const unratedTicket = await createTicket(
      { contactId: (await newContact('Hilda')).id, queueId: q1 },
      ana,
    );
    const unrated = await updateTicket(
      { id: unratedTicket.id, status: 'closed', sendRating: false },
      ana,
    );
    expect(unrated.status).toBe('closed');
    expect(await storedTexts(unratedTicket.id)).not.toContain('Avalie de 1 a 5');
    const nps = await updateTicket({ id: ticket.id, status: 'closed' }, ana);
    expect(nps.status).toBe('nps');
    await until(async () => (await storedTexts(ticket.id)).includes('Avalie de 1 a 5'));
    expect(await storedTexts(ticket.id)).toContain('Avalie de 1 a 5');
    await changeSetting('userRating', null);
    const closed = await updateTicket(
      { id: ticket.id, status: 'closed', sendFarewellMessage: false },
      ana,
    );
    expect(closed.status).toBe('closed');
    expect(await storedTexts(ticket.id)).not.toContain('Obrigado pelo contato!');
  });

  it('accepts the first ticket: an admin into any queue, a user only into theirs, none without queues', async () => {
    const contact = await newContact('Helena');
    const pending = await createTicket({ contactId: contact.id, status: 'pending' }, admin);
    expect(pending).toMatchObject({ status: 'pending', queueId: null });
    // Ana (queue q1, who sees tickets without queue) may not take it into Bruno's queue
    await changeUser(2, { allTicket: 'enable' });
    await expect(
      updateTicket({ id: pending.id, status: 'open', userId: 2, queueId: q2 }, ana),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await changeUser(2, { allTicket: 'disable' });
    // the admin, in no queue, picks any queue of the company
    const accepted = await updateTicket(
      { id: pending.id, status: 'open', userId: 1, queueId: q2 },
      admin,
    );
    expect(accepted).toMatchObject({ status: 'open', userId: 1, queueId: q2 });
    // a company with no queue accepts without one
    const stranger = await newContact('Ícaro', other);
    const first = await createTicket({ contactId: stranger.id, status: 'pending' }, other);
    const taken = await updateTicket(
      { id: first.id, status: 'open', userId: 9, queueId: null },
      other,
    );
    expect(taken).toMatchObject({ status: 'open', userId: 9, queueId: null });
  });

  it('reopens a closed ticket, or answers the other active ticket of the contact', async () => {
    const contact = await newContact('Iris');
    const first = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await updateTicket({ id: first.id, status: 'closed', sendFarewellMessage: false }, ana);
    const reopened = await updateTicket({ id: first.id, status: 'open' }, ana);
    expect(reopened).toMatchObject({ id: first.id, status: 'open', userId: 2 });
    await updateTicket({ id: first.id, status: 'closed', sendFarewellMessage: false }, ana);
    const second = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    const answer = await updateTicket({ id: first.id, status: 'open' }, ana);
    expect(answer.id).toBe(second.id);
    await expect(updateTicket({ id: first.id, status: 'pending' }, ana)).rejects.toMatchObject({
      code: 'ERR_TICKET_INVALID_TRANSITION',
    });
  });

  it('toggles useIntegration, checks access, deletes (admin only) and closes all of chosen queues', async () => {
    const contact = await newContact('Joana');
    const ticket = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    const toggled = await updateTicket({ id: ticket.id, useIntegration: true }, ana);
    expect(toggled.useIntegration).toBe(true);
    expect(await app.call(S.ticketCanAccess, { ticketId: ticket.id }, ana)).toEqual({
      allowed: true,
    });
    expect(await app.call(S.ticketCanAccess, { ticketId: ticket.id }, bruno)).toEqual({
      allowed: false,
    });
    expect(await app.call(S.ticketCanAccess, { ticketId: ticket.id }, other)).toEqual({
      allowed: false,
    });
    await expect(app.call(S.ticketDelete, { id: ticket.id }, ana)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await app.call(S.ticketDelete, { id: ticket.id }, admin);
    await expect(app.call(S.ticketGet, { id: ticket.id }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    expect(await outbox('evt.1.tickets.ticket.deleted')).toContainEqual({
      ticketId: ticket.id,
      status: 'open',
    });
    const k = await newContact('Kai');
    const inQ2 = await createTicket({ contactId: k.id, queueId: q2 }, admin);
    await expect(app.call(S.ticketCloseAll, { queueIds: [q2] }, ana)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    const result = await app.call<{ count: number }>(S.ticketCloseAll, { queueIds: [q2] }, admin);
    expect(result.count).toBeGreaterThanOrEqual(1);
    expect((await app.call<TicketRecord>(S.ticketGet, { id: inQ2.id }, admin)).status).toBe(
      'closed',
    );
  });

  it('filters the list by tags, connections, unread, users and shows the newest closed per contact', async () => {
    const contact = await newContact('Mara Filtro');
    const old = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await updateTicket({ id: old.id, status: 'closed', sendFarewellMessage: false }, ana);
    const newer = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await updateTicket({ id: newer.id, status: 'closed', sendFarewellMessage: false }, ana);
    const closed = await app.call<TicketsPage>(
      S.ticketList,
      { status: 'closed', searchParam: 'mara' },
      ana,
    );
    expect(closed.tickets.map((t) => t.id)).toEqual([newer.id]);

    const { id: tag } = await app.given.newTag(1, { name: 'Filtro', color: '#444444' });
    await app.given.tagContact(contact, tag);
    const tagged = await app.call<TicketsPage>(S.ticketList, { tags: [tag], showAll: true }, admin);
    expect(tagged.tickets.map((t) => t.id)).toEqual([newer.id]);
    const noConnection = await app.call<TicketsPage>(
      S.ticketList,
      { whatsapps: [999], showAll: true },
      admin,
    );
    expect(noConnection.tickets).toEqual([]);
    const other = await newContact('Nina Unread');
    const unread = await createTicket({ contactId: other.id, queueId: q1 }, ana);
    await app.db.query('UPDATE tickets.tickets SET unread_messages = 2 WHERE id = $1', [unread.id]);
    const withUnread = await app.call<TicketsPage>(S.ticketList, { withUnreadMessages: true }, ana);
    expect(withUnread.tickets.map((t) => t.id)).toEqual([unread.id]);
    const byUser = await app.call<TicketsPage>(
      S.ticketList,
      { users: [3], showAll: true, status: 'open' },
      admin,
    );
    expect(byUser.tickets.every((t) => t.userId === 3)).toBe(true);
    // the users filter is ignored for non-admins: Ana still sees her own open tickets
    const anaFiltered = await app.call<TicketsPage>(
      S.ticketList,
      { users: [3], status: 'open' },
      ana,
    );
    expect(anaFiltered.tickets.map((t) => t.id)).toContain(unread.id);
  });

  it('shows no-queue pending tickets to allTicket users, groups to allowGroup users, all to admins with showAll', async () => {
    const lone = await newContact('Otto Semfila');
    const noQueue = await createTicket({ contactId: lone.id, status: 'pending' }, admin);
    const groupContact = await newContact('Grupo Família');
    await app.db.query('UPDATE tickets.contacts SET is_group = true WHERE id = $1', [
      groupContact.id,
    ]);
    const group = await createTicket({ contactId: groupContact.id }, admin);
    expect(group.status).toBe('group');
    const brunoContact = await newContact('Bruna Aberta');
    const brunos = await createTicket({ contactId: brunoContact.id, queueId: q2 }, bruno);
    const ids = async (query: object, ctx: Partial<RequestContext>) =>
      (await app.call<TicketsPage>(S.ticketList, query, ctx)).tickets.map((t) => t.id);

    expect(await ids({ status: 'pending' }, ana)).not.toContain(noQueue.id);
    expect(await ids({ status: 'group' }, ana)).not.toContain(group.id);
    await changeUser(2, { allTicket: 'enable', allowGroup: true });
    try {
      expect(await ids({ status: 'pending' }, ana)).toContain(noQueue.id);
      expect(await ids({ status: 'group' }, ana)).toContain(group.id);
    } finally {
      await changeUser(2, { allTicket: 'disable', allowGroup: false });
    }
    // showAll is the admins': Ana asking for it still sees only her own open tickets
    expect(await ids({ status: 'open', showAll: true }, ana)).not.toContain(brunos.id);
    expect(await ids({ status: 'open' }, admin)).not.toContain(brunos.id);
    expect(await ids({ status: 'open', showAll: true }, admin)).toContain(brunos.id);
    // a queue a user is not in stays hidden even when asked for
    expect(await ids({ status: 'open', queueIds: [q2] }, ana)).not.toContain(brunos.id);
    const inQ2 = await app.call<TicketsPage>(
      S.ticketList,
      { queueIds: [q2], showAll: true },
      admin,
    );
    expect(inQ2.tickets.map((t) => t.id)).toContain(brunos.id);
    expect(inQ2.tickets.every((t) => t.queueId === q2 || t.queueId === null)).toBe(true);
    const onlyPending = await app.call<TicketsPage>(
      S.ticketList,
      { statusFilter: ['pending'], showAll: true },
      admin,
    );
    expect(onlyPending.tickets.length).toBeGreaterThan(0);
    expect(onlyPending.tickets.every((t) => t.status === 'pending')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ date: today, showAll: true }, admin)).toContain(brunos.id);
    expect(await ids({ updatedAt: today, showAll: true }, admin)).toContain(brunos.id);
    expect(await ids({ date: '2001-02-03', showAll: true }, admin)).toEqual([]);
    expect(await ids({ updatedAt: '2001-02-03', showAll: true }, admin)).toEqual([]);
  });

  it('pages 40 tickets at a time by last update, with the count of every match', async () => {
    // company 3 has only these 45 pending tickets, each a minute apart
    const now = Date.now();
    for (let g = 1; g <= 45; g += 1) {
      const contact = await app.given.newContact(3, { name: `Paged ${g}` });
      await app.given.newTicket(3, { contact, updatedAt: new Date(now - g * 60_000) });
    }
    const third: Partial<RequestContext> = { companyId: 3, userId: 30, profile: 'admin' };
    const first = await app.call<TicketsPage>(S.ticketList, { status: 'pending' }, third);
    expect(first.tickets).toHaveLength(40);
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(first.tickets.map((t) => t.contact.name).slice(0, 3)).toEqual([
      'Paged 1',
      'Paged 2',
      'Paged 3',
    ]);
    const times = first.tickets.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await app.call<TicketsPage>(
      S.ticketList,
      { status: 'pending', pageNumber: 2 },
      third,
    );
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect(second.tickets.map((t) => t.contact.name)).toEqual(
      ['41', '42', '43', '44', '45'].map((n) => `Paged ${n}`),
    );
    // past the last page: no rows, the count still told (the page and the count are one statement)
    expect(
      await app.call<TicketsPage>(S.ticketList, { status: 'pending', pageNumber: 3 }, third),
    ).toEqual({ tickets: [], count: 45, hasMore: false });
    // another company's admin sees none of them
    expect(
      (await app.call<TicketsPage>(S.ticketList, { showAll: true }, admin)).tickets,
    ).not.toEqual(
      expect.arrayContaining([
        expect.objectContaining({ contact: expect.objectContaining({ name: 'Paged 1' }) }),
      ]),
    );
  });

  it('keeps notes on a ticket and moves kanban cards between lanes', async () => {
    const contact = await newContact('Lia');
    const ticket = await createTicket({ contactId: contact.id, queueId: q1 }, ana);
    await expect(
      app.call(S.ticketNoteCreate, { note: 'x', ticketId: ticket.id, contactId: contact.id }, ana),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    const note = await app.call<TicketNoteRecord>(
      S.ticketNoteCreate,
      { note: 'Cliente VIP', ticketId: ticket.id, contactId: contact.id },
      ana,
    );
    expect(note).toMatchObject({ note: 'Cliente VIP', user: { id: 2, name: 'Ana' } });
    const notes = await app.call<TicketNoteRecord[]>(
      S.ticketNoteList,
      { ticketId: ticket.id },
      ana,
    );
    expect(notes.map((n) => n.id)).toEqual([note.id]);
    await expect(app.call(S.ticketNoteDelete, { id: note.id }, bruno)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await app.call(S.ticketNoteDelete, { id: note.id }, ana);
    await expect(app.call(S.ticketNoteGet, { id: note.id }, ana)).rejects.toMatchObject({
      code: 'ERR_NO_NOTE_FOUND',
    });

    const { id: lane } = await app.given.newTag(1, { name: 'Lead', color: '#333333', kanban: 1 });
    const moved = await app.call<TicketRecord>(
      S.ticketTagAdd,
      { ticketId: ticket.id, tagId: lane },
      ana,
    );
    expect(moved.tags).toEqual([{ id: lane, name: 'Lead', color: '#333333' }]);
    // a list row is the same record as the ticket alone (the page reads contact, queue, tags with it)
    const alone = await app.call<TicketRecord>(S.ticketGet, { id: ticket.id }, ana);
    const listed = await app.call<TicketsPage>(S.ticketList, { status: 'open' }, ana);
    expect(listed.tickets.find((t) => t.id === ticket.id)).toEqual(alone);
    expect(alone).toMatchObject({ queue: { id: q1 }, user: { id: 2 }, whatsapp: { id: 10 } });
    const board = await app.call<{ tickets: TicketRecord[] }>(S.kanbanList, {}, ana);
    expect(board.tickets.find((t) => t.id === ticket.id)?.tags.map((t) => t.id)).toEqual([lane]);
    const brunoBoard = await app.call<{ tickets: TicketRecord[] }>(S.kanbanList, {}, bruno);
    expect(brunoBoard.tickets.some((t) => t.id === ticket.id)).toBe(false);
    const cleared = await app.call<TicketRecord>(S.ticketTagsClear, { ticketId: ticket.id }, ana);
    expect(cleared.tags).toEqual([]);
    await expect(
      app.call(S.ticketTagAdd, { ticketId: ticket.id, tagId: 999999 }, ana),
    ).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
  });
});
