import type {
  ConnectionRecord,
  Queue,
  SessionQueue,
  SettingEntry,
  TagRecord,
  TicketRecord,
  UserRecord,
} from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';
import { json, requestAs } from './support/gateway-harness.js';

// Issue 19: a public front end of this product family replayed against the gateway. The answers it
// reads where the spec's tables are lossy (settings as objects, kanban lanes as { lista }, queues named
// on users and connections), the values its forms send for "nothing" (accepted and stored
// normalised, never a 400), and closing all the tickets of the open or the pending tab.

describe('the family front end against the gateway', () => {
  let stack: RunningConversationStack;
  let sales: Queue;
  let support: Queue;

  const call = (method: string, path: string, body?: unknown, actor: 'admin' | 'agent' = 'admin') =>
    requestAs(stack.gatewayUrl, stack.users[actor].token, method, path, body);
  const ok = async <T>(
    method: string,
    path: string,
    body?: unknown,
    actor: 'admin' | 'agent' = 'admin',
  ): Promise<T> => {
    const res = await call(method, path, body, actor);
    const answer = await json(res);
    if (res.status >= 300)
      throw new Error(`${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer as T;
  };
  const badge = (queue: Queue): SessionQueue => ({
    id: queue.id,
    name: queue.name,
    color: queue.color,
  });

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'familyclient' });
    sales = await stack.createQueue({ name: 'Sales', greetingMessage: 'Sales here' });
    support = await stack.createQueue({ name: 'Support', greetingMessage: 'Support here' });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('answer shapes', () => {
    it('GET /companySettingOne answers { [column]: value }, to any member', async () => {
      await stack.setCompanySetting('scheduleType', 'queue');
      await stack.setCompanySetting('sendSignMessage', 'disabled');
      expect(await ok('GET', '/companySettingOne?column=scheduleType', undefined, 'agent')).toEqual(
        { scheduleType: 'queue' },
      );
      expect(await ok('GET', '/companySettingOne?column=sendSignMessage')).toEqual({
        sendSignMessage: 'disabled',
      });
      expect((await call('GET', '/companySettingOne?column=nope')).status).toBe(400);
    });

    it('GET /companySettings/:companyId answers one object keyed by setting', async () => {
      const settings = await ok<Record<string, string>>(
        'GET',
        `/companySettings/${stack.companyId}`,
      );
      expect(Array.isArray(settings)).toBe(false);
      expect(settings).toMatchObject({ scheduleType: 'queue', sendSignMessage: 'disabled' });
      // the same values GET /settings lists for the company's keys
      const list = await ok<SettingEntry[]>('GET', '/settings');
      for (const { key, value } of list.filter((entry) => entry.key in settings))
        expect({ key, value: settings[key] }).toEqual({ key, value });
    });

    it('GET /tags/kanban answers { lista } with the kanban lanes only', async () => {
      const lane = await ok<TagRecord>('POST', '/tags', {
        name: 'Lane one',
        color: '#aa0000',
        kanban: 1,
      });
      await ok('POST', '/tags', { name: 'Plain tag', color: '#00aa00', kanban: 0 });
      const answer = await ok<{ lista: TagRecord[] }>('GET', '/tags/kanban', undefined, 'agent');
      expect(answer.lista.map((tag) => tag.name)).toEqual(['Lane one']);
      expect(answer.lista[0]!.id).toBe(lane.id);
    });

    it('users carry queues [{ id, name, color }] beside queueIds on every read and on create', async () => {
      const created = await ok<UserRecord & { queues: SessionQueue[] }>('POST', '/users', {
        name: 'Queued User',
        email: 'queued@familyclient.test',
        password: 'queued-pw',
        queueIds: [support.id, sales.id],
      });
      const both = [badge(sales), badge(support)].sort((a, b) => a.id - b.id);
      expect(created.queueIds).toEqual(both.map((q) => q.id));
      expect(created.queues).toEqual(both);
      const one = await ok<{ queues: SessionQueue[] }>('GET', `/users/${created.id}`);
      expect(one.queues).toEqual(both);
      const page = await ok<{ users: (UserRecord & { queues: SessionQueue[] })[] }>(
        'GET',
        '/users?searchParam=Queued',
      );
      expect(page.users.map((user) => user.queues)).toEqual([both]);
      const picker = await ok<{ id: number; queues: SessionQueue[] }[]>(
        'GET',
        '/users/list',
        undefined,
        'agent',
      );
      expect(picker.find((user) => user.id === created.id)?.queues).toEqual(both);
      const agent = picker.find((user) => user.id === stack.users.agent.id)!;
      expect(agent.queues).toEqual(both);
    });

    it('connections carry queues on GET /whatsapp, GET /whatsapp/:id and PUT', async () => {
      const updated = await ok<ConnectionRecord & { queues: SessionQueue[] }>(
        'PUT',
        `/whatsapp/${stack.connectionId}`,
        { queueIds: [sales.id] },
      );
      expect(updated.queueIds).toEqual([sales.id]);
      expect(updated.queues).toEqual([badge(sales)]);
      const one = await ok<{ queues: SessionQueue[] }>(
        'GET',
        `/whatsapp/${stack.connectionId}?session=0`,
        undefined,
        'agent',
      );
      expect(one.queues).toEqual([badge(sales)]);
      const list = await ok<{ id: number; queues: SessionQueue[] }[]>('GET', '/whatsapp');
      expect(list.find((c) => c.id === stack.connectionId)?.queues).toEqual([badge(sales)]);
    });
  });

  describe('what a real form sends', () => {
    const monday = {
      weekday: 'Segunda-feira',
      weekdayEn: 'Monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    };

    it('a connection saved with "", false, 0 and null for its empty fields', async () => {
      const saved = await ok<ConnectionRecord>('PUT', `/whatsapp/${stack.connectionId}`, {
        integrationId: '',
        promptId: false,
        sendIdQueue: 0,
        whenExpiresTicket: 0,
        allowGroup: null,
        importOldMessagesGroups: null,
        isDefault: true,
        timeSendQueue: '',
        schedules: [monday],
      });
      expect(saved).toMatchObject({
        integrationId: null,
        promptId: null,
        sendIdQueue: null,
        whenExpiresTicket: '0',
        allowGroup: false,
        timeSendQueue: 0,
      });
      expect(saved.schedules).toEqual([{ ...monday, weekdayEn: 'monday' }]);
      const again = await ok<ConnectionRecord>('PUT', `/whatsapp/${stack.connectionId}`, {
        sendIdQueue: String(sales.id),
        whenExpiresTicket: 1,
      });
      expect(again).toMatchObject({ sendIdQueue: sales.id, whenExpiresTicket: '1' });
    });

    it('a queue saved with "" and 0 for no integration or file list, null booleans', async () => {
      const queue = await ok<Queue>('POST', '/queue', {
        name: 'Form queue',
        color: '#123456',
        greetingMessage: 'Form queue here',
        integrationId: '',
        fileListId: 0,
        promptId: null,
        closeTicket: null,
        ativarRoteador: null,
        schedules: [monday],
      });
      expect(queue).toMatchObject({
        integrationId: null,
        fileListId: null,
        promptId: null,
        closeTicket: false,
        ativarRoteador: false,
      });
      expect(queue.schedules[0]?.weekdayEn).toBe('monday');
      const edited = await ok<Queue>('PUT', `/queue/${queue.id}`, {
        name: 'Form queue',
        color: '#123456',
        greetingMessage: 'Form queue here',
        integrationId: false,
        fileListId: '',
      });
      expect(edited).toMatchObject({ integrationId: null, fileListId: null });
    });

    it('a user saved with whatsappId "" or false, language "" and allowGroup null', async () => {
      const user = await ok<UserRecord>('POST', '/users', {
        name: 'Form User',
        email: 'form-user@familyclient.test',
        password: 'form-user-pw',
        whatsappId: '',
        language: '',
        allowGroup: null,
        queueIds: [],
      });
      expect(user).toMatchObject({ whatsappId: null, language: null, allowGroup: false });
      const edited = await ok<{ whatsappId: number | null; language: string | null }>(
        'PUT',
        `/users/${user.id}`,
        { whatsappId: false, language: '', allowGroup: null },
      );
      expect(edited).toMatchObject({ whatsappId: null, language: null });
      const linked = await ok<{ whatsappId: number | null }>('PUT', `/users/${user.id}`, {
        whatsappId: String(stack.connectionId),
      });
      expect(linked.whatsappId).toBe(stack.connectionId);
    });

    it('company schedules with "Monday" are stored as monday', async () => {
      const saved = await ok<{ schedules: { weekdayEn: string }[] }>(
        'PUT',
        `/companies/${stack.companyId}/schedules`,
        { schedules: [monday] },
      );
      expect(saved.schedules.map((day) => day.weekdayEn)).toEqual(['monday']);
    });

    it('a ticket opened with whatsappId "" and queueId 0', async () => {
      const contact = await ok<{ id: number }>('POST', '/contacts', {
        name: 'Form Contact',
        number: '5511977770001',
      });
      const ticket = await ok<TicketRecord>('POST', '/tickets', {
        contactId: contact.id,
        status: 'open',
        userId: stack.users.admin.id,
        whatsappId: '',
        queueId: 0,
      });
      expect(ticket.queueId).toBeNull();
      await ok('PUT', `/tickets/${ticket.id}`, { status: 'closed' });
    });
  });

  describe('POST /tickets/closeAll with the tab being closed', () => {
    const openTicket = async (number: string, status: 'open' | 'pending', queue: Queue) => {
      const contact = await ok<{ id: number }>('POST', '/contacts', {
        name: `C ${number}`,
        number,
      });
      return ok<TicketRecord>('POST', '/tickets', {
        contactId: contact.id,
        status,
        queueId: queue.id,
        ...(status === 'open' ? { userId: stack.users.admin.id } : {}),
      });
    };
    const statusOf = async (id: number) => (await ok<TicketRecord>('GET', `/tickets/${id}`)).status;

    it('closes only the pending tab, then only the open tab, of the selected queues', async () => {
      const pending = await openTicket('5511966660001', 'pending', sales);
      const open = await openTicket('5511966660002', 'open', sales);
      const otherQueue = await openTicket('5511966660003', 'pending', support);

      // as that client sends it: { status: tabOpen, selectedQueueIds }
      expect(
        await ok('POST', '/tickets/closeAll', { status: 'pending', selectedQueueIds: [sales.id] }),
      ).toEqual({ count: 1 });
      expect(await statusOf(pending.id)).toBe('closed');
      expect(await statusOf(open.id)).toBe('open');
      expect(await statusOf(otherQueue.id)).toBe('pending');

      expect(
        await ok('POST', '/tickets/closeAll', { status: 'open', selectedQueueIds: [sales.id] }),
      ).toEqual({ count: 1 });
      expect(await statusOf(open.id)).toBe('closed');
      expect(await statusOf(otherQueue.id)).toBe('pending');

      // our own web app's call still closes both tabs
      expect(
        await ok('POST', '/tickets/closeAll', { status: 'closed', queueIds: [support.id] }),
      ).toEqual({ count: 1 });
      expect(await statusOf(otherQueue.id)).toBe('closed');
    });

    it('refuses another status, and an agent without the permission', async () => {
      const bad = await call('POST', '/tickets/closeAll', { status: 'nps', queueIds: [sales.id] });
      expect(bad.status).toBe(400);
      const agent = await call(
        'POST',
        '/tickets/closeAll',
        { status: 'open', selectedQueueIds: [sales.id] },
        'agent',
      );
      expect(agent.status).toBe(403);
    });
  });
});
