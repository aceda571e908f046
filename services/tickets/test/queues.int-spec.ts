import { Subjects, type ChatbotOption, type CompanyCountsReply, type Queue } from '@sb/contracts';
import { callers, startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;
const { admin, agent, otherAdmin } = callers;

const queueInput = (name: string, color: string, extra: Record<string, unknown> = {}) => ({
  name,
  color,
  greetingMessage: `Welcome to ${name}`,
  ...extra,
});

describe('queues and chatbots', () => {
  let app: TicketsTestApp;

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-queues-int-spec');
  });

  afterAll(async () => {
    await app.close();
  });

  const events = async (entity: string) => {
    const { rows } = await app.db.query<{ subject: string }>(
      `SELECT subject FROM tickets.outbox_event WHERE subject LIKE $1 ORDER BY seq`,
      [`evt.%.tickets.${entity}.%`],
    );
    return rows.map((r) => r.subject);
  };

  it('creates a queue with schedules and a nested chatbot tree, and lists it', async () => {
    const created = await app.call<Queue>(
      S.queueCreate,
      queueInput('Sales', '#ff0000', {
        orderQueue: 1,
        schedules: [
          {
            weekday: 'Segunda-feira',
            weekdayEn: 'monday',
            startTimeA: '08:00',
            endTimeA: '12:00',
            startTimeB: '13:00',
            endTimeB: '18:00',
          },
        ],
        chatbots: [
          {
            name: 'Prices',
            greetingMessage: 'Choose',
            queueType: 'text',
            options: [{ name: 'Retail', queueType: 'attendent', optUserId: 11 }],
          },
          { name: 'Human please', queueType: 'queue' },
        ],
      }),
      admin,
    );
    expect(created).toMatchObject({ name: 'Sales', color: '#ff0000', orderQueue: 1 });
    expect(created.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeB: '13:00' });
    expect(created.chatbots.map((c) => c.name)).toEqual(['Prices', 'Human please']);
    expect(created.chatbots[0]!.options[0]).toMatchObject({ name: 'Retail', optUserId: 11 });

    const list = await app.call<Queue[]>(S.queueList, {}, agent);
    expect(list.map((q) => q.name)).toEqual(['Sales']);
    expect(list[0]!.chatbots[0]!.options).toHaveLength(1);
    expect(await events('queue')).toEqual(['evt.1.tickets.queue.created']);
  });

  it('updates the tree in place: kept ids survive, missing ones go', async () => {
    const [sales] = await app.call<Queue[]>(S.queueList, {}, admin);
    const prices = sales!.chatbots[0]!;
    const updated = await app.call<Queue>(
      S.queueUpdate,
      {
        ...queueInput('Sales', '#ff0000'),
        id: sales!.id,
        chatbots: [{ id: prices.id, name: 'Prices and plans', options: [] }],
      },
      admin,
    );
    expect(updated.chatbots).toHaveLength(1);
    expect(updated.chatbots[0]).toMatchObject({
      id: prices.id,
      name: 'Prices and plans',
      options: [],
    });
    const { rows } = await app.db.query('SELECT id FROM tickets.chatbots');
    expect(rows).toHaveLength(1);
  });

  it('keeps the fields an update leaves out (orderQueue, schedules, the tree)', async () => {
    const [sales] = await app.call<Queue[]>(S.queueList, {}, admin);
    const updated = await app.call<Queue>(
      S.queueUpdate,
      { id: sales!.id, outOfHoursMessage: 'Closed now' },
      admin,
    );
    expect(updated).toMatchObject({
      name: 'Sales',
      color: '#ff0000',
      orderQueue: 1,
      greetingMessage: 'Welcome to Sales',
      outOfHoursMessage: 'Closed now',
    });
    expect(updated.schedules).toEqual(sales!.schedules);
    expect(updated.chatbots.map((c) => c.id)).toEqual(sales!.chatbots.map((c) => c.id));
  });

  it('refuses a used colour or name, and a second queue without greeting', async () => {
    await expect(
      app.call(S.queueCreate, queueInput('Support', '#FF0000'), admin),
    ).rejects.toMatchObject({ code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    await expect(
      app.call(S.queueCreate, queueInput('sales', '#00ff00'), admin),
    ).rejects.toMatchObject({ code: 'ERR_QUEUE_NAME_ALREADY_EXISTS' });
    await expect(
      app.call(S.queueCreate, queueInput('Support', '#00ff00', { greetingMessage: '' }), admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(app.call(S.queueCreate, queueInput('S', '#00ff00'), admin)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
    await expect(
      app.call(
        S.queueCreate,
        queueInput('Support', '#00ff00', { chatbots: [{ name: 'abc' }] }),
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    // the same colour in another company is fine
    await expect(
      app.call<Queue>(S.queueCreate, queueInput('Sales', '#ff0000'), otherAdmin),
    ).resolves.toMatchObject({ name: 'Sales' });
  });

  it('enforces the plan queue limit', async () => {
    app.planQueues.value = 2;
    await app.call(S.queueCreate, queueInput('Support', '#00ff00'), admin);
    await expect(
      app.call(S.queueCreate, queueInput('Billing', '#0000ff'), admin),
    ).rejects.toMatchObject({ code: 'ERR_PLAN_LIMIT_REACHED' });
    app.planQueues.value = 10;
  });

  it('keeps writes to admins and queues to their company', async () => {
    const [sales] = await app.call<Queue[]>(S.queueList, {}, admin);
    await expect(
      app.call(S.queueCreate, queueInput('Billing', '#0000ff'), agent),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(app.call(S.queueGet, { id: sales!.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_QUEUE_FOUND',
    });
    await expect(
      app.call(S.queueUpdate, { ...queueInput('X1', '#123456'), id: sales!.id }, otherAdmin),
    ).rejects.toMatchObject({ code: 'ERR_NO_QUEUE_FOUND' });
    await expect(app.call(S.queueDelete, { id: sales!.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_QUEUE_FOUND',
    });
  });

  it('edits single chatbot options and deletes a queue with its options', async () => {
    const [sales] = await app.call<Queue[]>(S.queueList, {}, admin);
    const root = sales!.chatbots[0]!;
    const child = await app.call<ChatbotOption>(
      S.chatbotCreate,
      { chatbotId: root.id, name: 'Wholesale', queueType: 'text' },
      admin,
    );
    expect(child).toMatchObject({ chatbotId: root.id, name: 'Wholesale' });
    const renamed = await app.call<ChatbotOption>(
      S.chatbotUpdate,
      { id: child.id, name: 'Wholesale deals', queueType: 'file', optFileId: 3 },
      admin,
    );
    expect(renamed).toMatchObject({ name: 'Wholesale deals', queueType: 'file', optFileId: 3 });
    const fetched = await app.call<ChatbotOption>(S.chatbotGet, { id: root.id }, agent);
    expect(fetched.options.map((o) => o.id)).toEqual([child.id]);
    await expect(app.call(S.chatbotGet, { id: root.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    await expect(
      app.call(S.chatbotCreate, { chatbotId: root.id, name: 'Sneaky' }, otherAdmin),
    ).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(app.call(S.chatbotDelete, { id: child.id }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await app.call(S.chatbotDelete, { id: child.id }, admin);

    await app.call(S.queueDelete, { id: sales!.id }, admin);
    const { rows } = await app.db.query('SELECT id FROM tickets.chatbots WHERE company_id = 1');
    expect(rows).toHaveLength(0);
    expect(await events('chatbot')).toEqual([
      'evt.1.tickets.chatbot.created',
      'evt.1.tickets.chatbot.updated',
      'evt.1.tickets.chatbot.deleted',
    ]);
    expect((await events('queue')).at(-1)).toBe('evt.1.tickets.queue.deleted');
  });
  it("counts each company's queues for the super user only (the companies screen)", async () => {
    await app.call(S.queueCreate, queueInput('Other company', '#00aa00'), otherAdmin);
    const own = (await app.call<Queue[]>(S.queueList, {}, admin)).length;
    const others = (await app.call<Queue[]>(S.queueList, {}, otherAdmin)).length;
    expect(others).toBeGreaterThan(0);
    const superUser = { ...admin, super: true };
    const reply = await app.call<CompanyCountsReply>(
      S.queueCount,
      { companyIds: [1, 2, 999] },
      superUser,
    );
    expect(reply.counts).toEqual([
      { companyId: 1, count: own },
      { companyId: 2, count: others },
      { companyId: 999, count: 0 },
    ]);
    await expect(app.call(S.queueCount, { companyIds: [1] }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(app.call(S.queueCount, { companyIds: ['x'] }, superUser)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });
});
