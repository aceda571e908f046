import {
  ContactListPageSize,
  type AuthResult,
  type ContactListRecord,
  type InvoiceView,
  type MessageRecord,
  type Queue,
  type QueueOptionRecord,
  type TicketMediaReply,
} from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';
import { json, requestAs } from './support/gateway-harness.js';

// Issue 19: the family front end's own paths (docs/compatibility.md "The family front end's own
// paths") keep the guards of our routes for the same data: profiles, the dashboard permission, the
// super user's screens, and one company's records only.

type Actor = 'admin' | 'agent' | 'super' | 'otherAdmin';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(64).fill(1)]);

describe("the family front end's own paths", () => {
  let stack: RunningConversationStack;
  const tokens = {} as Record<Actor, string>;
  let otherCompanyId: number;
  let queue: Queue;

  const call = (actor: Actor, method: string, path: string, body?: unknown) =>
    requestAs(stack.gatewayUrl, tokens[actor], method, path, body);
  const ok = async <T>(actor: Actor, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call(actor, method, path, body);
    const answer = await json(res);
    if (res.status >= 300)
      throw new Error(`${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer as T;
  };
  const statusOf = async (actor: Actor, method: string, path: string, body?: unknown) =>
    (await call(actor, method, path, body)).status;

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'familypaths',
      reporting: true,
      campaigns: true,
    });
    const login = async (email: string, password: string) =>
      (await (
        await fetch(`${stack.gatewayUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).json()) as AuthResult;
    const root = await login('root@familypaths.test', 'conversation-root-pw');
    Object.assign(tokens, {
      admin: stack.users.admin.token,
      agent: stack.users.agent.token,
      super: root.token,
    });
    otherCompanyId = (
      await ok<{ id: number }>('super', 'POST', '/companies', {
        name: 'Family Other Co',
        email: 'other-admin@familypaths.test',
        password: 'other-pass-1',
        planId: root.user.company.planId,
      })
    ).id;
    tokens.otherAdmin = (await login('other-admin@familypaths.test', 'other-pass-1')).token;
    queue = await stack.createQueue({ name: 'Sales', greetingMessage: 'Sales here' });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('/queue-options: our chatbot options, read by all, written by admins, of one company', async () => {
    const top = await ok<QueueOptionRecord>('admin', 'POST', '/queue-options', {
      title: 'Opening hours',
      message: 'We open at 8',
      queueId: queue.id,
      parentId: null,
    });
    const under = await ok<QueueOptionRecord>('admin', 'POST', '/queue-options', {
      title: 'Saturdays',
      message: 'Until noon',
      queueId: queue.id,
      parentId: top.id,
    });
    expect(under).toMatchObject({ title: 'Saturdays', parentId: top.id });
    expect(
      await ok<QueueOptionRecord[]>(
        'agent',
        'GET',
        `/queue-options?queueId=${queue.id}&parentId=-1`,
      ),
    ).toEqual([expect.objectContaining({ id: top.id, option: '1', queueId: queue.id })]);
    expect(
      await ok<QueueOptionRecord[]>(
        'agent',
        'GET',
        `/queue-options?queueId=${queue.id}&parentId=${top.id}`,
      ),
    ).toEqual([
      expect.objectContaining({ id: under.id, title: 'Saturdays', message: 'Until noon' }),
    ]);
    // the same record on /chatbot
    expect(await ok('admin', 'GET', `/chatbot/${top.id}`)).toMatchObject({ name: 'Opening hours' });
    const renamed = await ok<QueueOptionRecord>('admin', 'PUT', `/queue-options/${top.id}`, {
      title: 'Hours',
      message: 'We open at 9',
    });
    expect(renamed).toMatchObject({ title: 'Hours', message: 'We open at 9' });

    expect(
      await statusOf('agent', 'POST', '/queue-options', { title: 'Nope!', queueId: queue.id }),
    ).toBe(403);
    expect(await statusOf('agent', 'DELETE', `/queue-options/${top.id}`)).toBe(403);
    // another company's admin reads and changes none of it
    expect(await statusOf('otherAdmin', 'GET', `/queue-options?queueId=${queue.id}`)).toBe(404);
    expect(await statusOf('otherAdmin', 'GET', `/queue-options/${top.id}`)).toBe(404);
    expect(
      await statusOf('otherAdmin', 'POST', '/queue-options', {
        title: 'Taken over',
        parentId: top.id,
      }),
    ).toBe(404);
    expect(await statusOf('otherAdmin', 'DELETE', `/queue-options/${top.id}`)).toBe(404);
    const refused = await json(await call('admin', 'POST', '/queue-options', { title: 'Hi' }));
    expect(refused).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(Object.keys(refused.fields)).toEqual(expect.arrayContaining(['title', 'queueId']));

    await ok('admin', 'DELETE', `/queue-options/${top.id}`);
    expect(await statusOf('admin', 'GET', `/chatbot/${under.id}`)).toBe(404);
  });

  it('reacts, forwards to several contacts and sorts a conversation for the media panel', async () => {
    const writer = stack.conversation({ number: '5511944440001', name: 'Writer' });
    await writer.contact.says('See https://example.com/catalog please');
    const ticket = await writer.ticket.current();
    await ok('admin', 'PUT', `/tickets/${ticket.id}`, {
      status: 'open',
      userId: stack.users.admin.id,
    });
    const form = new FormData();
    form.append('medias', new Blob([png], { type: 'image/png' }), 'photo.png');
    form.append('body', 'photo.png');
    const upload = await fetch(`${stack.gatewayUrl}/messages/${ticket.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);
    const panel = await ok<TicketMediaReply>('admin', 'GET', `/messages/getmedia/${ticket.id}`);
    expect(panel.links.map((m) => m.body)).toEqual(['See https://example.com/catalog please']);
    expect(panel.media.map((m) => m.mediaType)).toEqual(['image']);
    expect(panel).toMatchObject({ documents: [], calls: [] });
    expect(await statusOf('otherAdmin', 'GET', `/messages/getmedia/${ticket.id}`)).toBe(404);

    const inbound = panel.links[0]!;
    const reacted = await ok<MessageRecord>('admin', 'POST', '/react/messages', {
      text: '👍',
      id: inbound.id,
      fromMe: false,
    });
    expect(reacted).toMatchObject({ mediaType: 'reactionMessage', body: '👍' });
    expect(
      await statusOf('otherAdmin', 'POST', '/react/messages', { text: '👍', id: inbound.id }),
    ).toBe(404);

    const targets = await Promise.all(
      ['5511944440002', '5511944440003'].map((number, i) =>
        ok<{ id: number }>('admin', 'POST', '/contacts', { name: `Target ${i}`, number }),
      ),
    );
    const forwarded = await ok<MessageRecord[]>('admin', 'POST', '/forwardmessage', {
      currentContacts: targets,
      message: { id: inbound.id, body: inbound.body },
      signMessage: false,
    });
    expect(forwarded.map((m) => m.isForwarded)).toEqual([true, true]);
    // one message in each target's own conversation
    expect(new Set(forwarded.map((m) => m.ticketId)).size).toBe(2);
    const foreign = await json(
      await call('otherAdmin', 'POST', '/forwardmessage', {
        currentContacts: [{ id: targets[0]!.id }],
        message: { id: inbound.id },
      }),
    );
    expect(foreign.error).toBe('ERR_REFERENCE_NOT_FOUND');
  });

  it('answers the dashboard cards to those who see the dashboard only', async () => {
    const range = `initialDate=2026-01-01&finalDate=2026-01-31`;
    for (const card of [
      'total-atendimentos',
      'atendimentos-encerrados',
      'user-info',
      'nps-info',
      'queues',
    ])
      expect(await statusOf('agent', 'GET', `/dashboard/${card}?${range}`)).toBe(403);
    expect(await ok('admin', 'GET', `/dashboard/atendimentos-encerrados?${range}`)).toBe(0);
    expect(await ok('admin', 'GET', `/dashboard/nps-info?${range}`)).toEqual([
      { total_notas: 0, ruim: 0, media: 0, boa: 0 },
    ]);
    expect(await ok('admin', 'GET', `/dashboard/total-atendimentos?${range}`)).toMatchObject({
      count: 0,
    });
    expect(await statusOf('admin', 'GET', '/dashboard/user-info?initialDate=nope')).toBe(400);
    // the report grid: one id per filter; two is a clear 400
    const today = new Date().toISOString().slice(0, 10);
    const grid = `/ticket/reports?dateFrom=${today}&dateTo=${today}&page=1&pageSize=9999999`;
    expect(await ok('admin', 'GET', grid)).toMatchObject({ tickets: expect.any(Array) });
    expect(await statusOf('agent', 'GET', grid)).toBe(403);
    const two = await json(await call('admin', 'GET', `${grid}&users=[1,2]`));
    expect(two).toMatchObject({ error: 'ERR_VALIDATION', fields: { userId: expect.any(Array) } });
  });

  it("keeps invoices to their company's admins and the super user", async () => {
    const invoice = await ok<InvoiceView>('super', 'POST', '/invoices', {
      companyId: stack.companyId,
      detail: 'Extra connection',
      value: 30,
      dueDate: '2026-12-10',
    });
    expect(invoice).toMatchObject({ value: '30.00', status: 'open', companyId: stack.companyId });
    expect(await ok<InvoiceView[]>('admin', 'GET', '/invoices/list')).toContainEqual(invoice);
    expect(await ok('admin', 'GET', `/invoices/${invoice.id}`)).toEqual(invoice);
    expect(await statusOf('otherAdmin', 'GET', `/invoices/${invoice.id}`)).toBe(404);
    expect(await statusOf('agent', 'GET', `/invoices/${invoice.id}`)).toBe(403);
    for (const [method, path] of [
      ['POST', '/invoices'],
      ['PUT', `/invoices/${invoice.id}`],
      ['DELETE', `/invoices/${invoice.id}`],
    ] as const)
      expect(
        await statusOf('admin', method, path, { detail: 'Mine now', companyId: stack.companyId }),
      ).toBe(403);
    const paid = await ok<InvoiceView>('super', 'PUT', `/invoices/${invoice.id}`, {
      status: 'paid',
    });
    expect(paid).toMatchObject({ status: 'paid', detail: 'Extra connection', value: '30.00' });
    expect(
      await statusOf('super', 'PUT', `/invoices/${invoice.id}`, { companyId: otherCompanyId }),
    ).toBe(400);
    await ok('super', 'DELETE', `/invoices/${invoice.id}`);
    expect(await statusOf('super', 'GET', `/invoices/${invoice.id}`)).toBe(404);

    const checkout = await json(await call('admin', 'POST', '/subscription', { price: 30 }));
    expect(checkout.error).toBe('ERR_NO_PAYMENT_PROVIDER');
    expect(await statusOf('admin', 'GET', '/companiesPlan')).toBe(403);
    const companies = await ok<{ companies: { id: number; plan: { users: number } }[] }>(
      'super',
      'GET',
      '/companiesPlan?searchParam=Other',
    );
    expect(companies.companies.map((c) => c.id)).toEqual([otherCompanyId]);
    expect(companies.companies[0]!.plan.users).toEqual(expect.any(Number));
    expect(await statusOf('admin', 'GET', '/plans/listPublic')).toBe(200);
  });

  it("answers a whole contact list at once, and quick messages' categories as none", async () => {
    const list = await ok<ContactListRecord>('admin', 'POST', '/contact-lists', {
      name: 'Long list',
    });
    for (let i = 0; i < ContactListPageSize + 3; i++)
      await ok('admin', 'POST', '/contact-list-items', {
        name: `Item ${i}`,
        number: `55119333${String(i).padStart(5, '0')}`,
        contactListId: list.id,
      });
    const all = await ok<unknown[]>(
      'admin',
      'GET',
      `/contact-list-items/list?contactListId=${list.id}`,
    );
    expect(all).toHaveLength(ContactListPageSize + 3);
    expect(
      await statusOf('otherAdmin', 'GET', `/contact-list-items/list?contactListId=${list.id}`),
    ).toBe(404);

    await ok('admin', 'POST', '/quick-messages', {
      shortcode: 'hello',
      message: 'Hello!',
      category: 'Greetings',
    });
    expect(await ok('agent', 'GET', '/quick-messages/listCategories')).toEqual([]);
    expect(
      await ok<{ shortcode: string }[]>(
        'agent',
        'GET',
        '/quick-messages/categoriesMessages?category=Greetings',
      ),
    ).toEqual(await ok('agent', 'GET', '/quick-messages/list'));
  });
});
