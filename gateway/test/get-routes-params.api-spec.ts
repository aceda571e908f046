import type { AuthResult, TicketRecord } from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// No query string and no path parameter may make a GET route answer 5xx. The walk takes every GET
// route of the gateway's OpenAPI document (so a new route is walked without being listed here), fills
// its path parameters with real ids of the company and with malformed ones, and sends unexpected and
// malformed query parameters, as an agent, an admin and the super user, with every service running.

type Role = 'agent' | 'admin' | 'super';

/** Query parameters the family's clients and our own send, plus made-up ones. */
const names = [
  'date',
  'dateStart',
  'dateEnd',
  'date_from',
  'date_to',
  'initialDate',
  'finalDate',
  'days',
  'pageNumber',
  'searchParam',
  'status',
  'showAll',
  'queueIds',
  'selectedQueues',
  'contactTag',
  'tags',
  'users',
  'whatsapps',
  'whatsappId',
  'userId',
  'companyId',
  'column',
  'kanban',
  'session',
  'isGroup',
  'channel',
  'fromMe',
  'updatedAt',
  'withUnreadMessages',
  'limit',
  'id',
  'after',
  'unexpected',
];

/** Values every parameter gets at once: broken dates, numbers out of range, broken lists… */
const values = [
  '2026-02-30',
  'YYYY-MM-DD',
  '-1',
  '1e309',
  '[1,"x",null]',
  '{"a":1}',
  "'; select 1; --",
  'x'.repeat(5000),
];

/** Raw query strings: every name with one value, repeated names, and bracketed forms (qs objects). */
const queryStrings = (): string[] => {
  const strings = values.map((value) =>
    names.map((name) => `${name}=${encodeURIComponent(value)}`).join('&'),
  );
  strings.push(names.map((name) => `${name}=1&${name}=2`).join('&'));
  strings.push(names.map((name) => `${name}[]=1&${name}[]=x`).join('&'));
  strings.push(names.map((name) => `${name}[a][b]=1`).join('&'));
  strings.push('__proto__[x]=1&constructor[prototype][x]=1&searchParam=%00');
  return strings;
};

/**
 * One name at a time, so a parameter refused first does not hide another's 500: the dates a client
 * sends (a plain day, as GET /contacts?date= did; a day that does not exist), broken JSON lists, and
 * an object where a value is expected.
 */
const dateNames = names.filter((name) => /date|Date|^days$|updatedAt/.test(name));
const listNames = ['queueIds', 'selectedQueues', 'contactTag', 'tags', 'users', 'whatsapps'];
const singleQueries = (): string[] => [
  ...dateNames.flatMap((name) => [`${name}=2026-11-27`, `${name}=2026-02-30`]),
  ...listNames.map((name) => `${name}=%5B`),
  ...names.map((name) => `${name}[a]=1`),
];

/** Runs `work` over `items`, `width` at a time (the machine is shared: a few requests at once). */
const inBatches = async <T>(items: T[], width: number, work: (item: T) => Promise<void>) => {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(work));
};

/** Malformed path parameters (the real ids come from the fixture). */
const badSegments = ['abc', '0', '-5', '1.5', '99999999999999999999', 'a%20b', '%00', "1'"];

describe('GET routes with unexpected and malformed parameters', () => {
  let stack: RunningConversationStack;
  const tokens = {} as Record<Role, string>;
  const ids: Record<string, string> = {};
  let routes: string[] = [];

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'getwalk', campaigns: true, reporting: true });
    const login = async (email: string, password: string) => {
      const res = await fetch(`${stack.gatewayUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return (await res.json()) as AuthResult;
    };
    const root = await login('root@getwalk.test', 'conversation-root-pw');
    Object.assign(tokens, {
      agent: stack.users.agent.token,
      admin: stack.users.admin.token,
      super: root.token,
    });
    // a few real records, so routes with a path id get past their lookup
    const queue = await stack.createQueue({ name: 'Walk queue' });
    const contact = await stack.api<{ id: number; number: string }>('admin', 'POST', '/contacts', {
      name: 'Walk Contact',
      number: '5511988880001',
    });
    const ticket = await stack.api<TicketRecord>('admin', 'POST', '/tickets', {
      contactId: contact.id,
      status: 'open',
      userId: stack.users.admin.id,
      queueId: queue.id,
    });
    Object.assign(ids, {
      companyId: String(stack.companyId),
      queueId: String(queue.id),
      contactId: String(contact.id),
      ticketId: String(ticket.id),
      uuid: ticket.uuid,
      number: contact.number,
      whatsappId: String(stack.connectionId),
      userId: String(stack.users.agent.id),
    });
    const doc = (await (await fetch(`${stack.gatewayUrl}/docs-json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  /** The real id for a path parameter: by its name, else by the route's first segment. */
  const realId = (route: string, param: string): string => {
    if (ids[param]) return ids[param]!;
    const first = route.split('/')[1] ?? '';
    if (/^contacts/.test(first)) return ids.contactId!;
    if (/^ticket|^messages/.test(first)) return ids.ticketId!;
    if (/^users/.test(first)) return ids.userId!;
    if (/^whatsapp/.test(first)) return ids.whatsappId!;
    if (/^compan/.test(first)) return ids.companyId!;
    if (/^queue$/.test(first)) return ids.queueId!;
    return '1';
  };

  const fill = (route: string, value?: string) =>
    route.replace(/\{([^}]+)\}/g, (_, param: string) => value ?? realId(route, param));

  it('reads the GET routes from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const route of ['/contacts', '/tickets', '/users', '/whatsapp', '/dashboard'])
      expect(routes).toContain(route);
  });

  it('answers none of them with a 5xx, whatever the query and the path parameters', async () => {
    const failures: string[] = [];
    const queries = queryStrings();
    const get = async (role: Role, url: string) => {
      const res = await fetch(`${stack.gatewayUrl}${url}`, {
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      const text = await res.text();
      if (res.status >= 500)
        failures.push(`${role} GET ${url.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`);
    };
    const calls: [Role, string][] = [];
    for (const route of routes) {
      if (route.startsWith('/docs')) continue;
      // the admin with every query, one parameter at a time and malformed path parameters; the agent
      // and the super user (other checks, other companies) with the first few queries
      for (const role of ['agent', 'admin', 'super'] as const) {
        calls.push([role, fill(route)]);
        for (const query of role === 'admin' ? queries : queries.slice(0, 3))
          calls.push([role, `${fill(route)}?${query}`]);
      }
      for (const query of singleQueries()) calls.push(['admin', `${fill(route)}?${query}`]);
      for (const segment of route.includes('{') ? badSegments : [])
        calls.push(['admin', fill(route, segment)]);
    }
    await inBatches(calls, 4, ([role, url]) => get(role, url));
    expect(failures).toEqual([]);
  }, 600_000);
});
