import type {
  ConnectionRecord,
  ImportMessagesSocketPayload,
  MessagesPage,
  TicketRecord,
} from '@sb/contracts';
import type { SocketFactory } from '@sb/connectors/baileys';
import { FakeBaileys } from '@sb/testing';
import type { Socket } from 'socket.io-client';
import { connectSocket, recordEvents, waitFor } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// The history import end to end (spec 2 §3, §4 "Message import", §7 POST /closedimported and
// importMessages): a phone (FakeBaileys) pairs a connection with import dates and reports its history;
// the connectors service replays it, the tickets service makes imported tickets of it, the connections
// screen's socket follows the progress, and POST /closedimported closes those tickets.

const day = 86_400_000;

describe('history import through the gateway', () => {
  const phone = new FakeBaileys();
  let stack: RunningConversationStack;
  let connection: ConnectionRecord;
  const sockets: Socket[] = [];
  let heardByAdmin: { event: string; payload: unknown }[];
  let heardByAgent: { event: string; payload: unknown }[];

  const status = (method: string, path: string, token?: string) =>
    fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
  const importTickets = async () =>
    (
      await stack.api<{ tickets: TicketRecord[] }>(
        'admin',
        'GET',
        '/tickets?status=pending&showAll=true&searchParam=Historico',
      )
    ).tickets;

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'history_import_api',
      whatsappSocketFactory: phone.factory as SocketFactory,
      env: { WHATSAPP_HISTORY_QUIET_MS: '300' },
    });
    for (const actor of ['admin', 'agent'] as const) {
      sockets.push(await connectSocket(stack.gatewayUrl, { token: stack.users[actor].token }));
    }
    [heardByAdmin, heardByAgent] = sockets.map(recordEvents);
    connection = await stack.api<ConnectionRecord>('admin', 'POST', '/whatsapp', {
      name: 'Phone with history',
      channel: 'whatsapp',
      importOldMessages: new Date(Date.now() - 7 * day).toISOString().slice(0, 10),
    });
    await waitFor(() => Boolean(phone.live(connection.id)), 10_000, 'the Baileys session');
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stack?.close();
  }, 30_000);

  it('lands the history in imported tickets while the screen follows its progress', async () => {
    const socket = phone.live(connection.id)!;
    socket.emit('connection.update', { connection: 'open' });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: [
        FakeBaileys.message('api-h1', '5511966661001', at(5), {
          text: 'Pedido 1',
          name: 'Historico Um',
        }),
        FakeBaileys.message('api-h2', '5511966661001', at(4), { text: 'Enviado', fromMe: true }),
        FakeBaileys.message('api-h3', '5511966661002', at(3), {
          text: 'Pedido 2',
          name: 'Historico Dois',
        }),
        FakeBaileys.message('api-old', '5511966661003', at(30), { name: 'Historico Velho' }),
      ],
      isLatest: true,
    });
    const importEvent = `company-${stack.companyId}-importMessages`;
    await waitFor(
      () =>
        heardByAdmin.some(
          (e) =>
            e.event === importEvent &&
            (e.payload as ImportMessagesSocketPayload).action === 'refresh',
        ),
      20_000,
      'the end of the import',
    );
    const progress = (heard: typeof heardByAdmin) =>
      heard
        .filter((e) => e.event === importEvent)
        .map((e) => e.payload as ImportMessagesSocketPayload);
    expect(progress(heardByAdmin).map((p) => [p.action, p.whatsappId, p.status?.this])).toEqual([
      ['update', connection.id, 1],
      ['update', connection.id, 3],
      ['refresh', connection.id, undefined],
    ]);
    expect(progress(heardByAdmin)[1]!.status).toMatchObject({ this: 3, all: 3 });
    // the agent's connections screen follows it too (the company room)
    await waitFor(() => progress(heardByAgent).length === 3, 5_000, "the agent's events");

    const record = await stack.api<ConnectionRecord>('admin', 'GET', `/whatsapp/${connection.id}`);
    expect(record).toMatchObject({
      statusImportMessages: 'renderButtonCloseTickets',
      importOldMessages: null,
    });
    let tickets: TicketRecord[] = [];
    for (let i = 0; i < 100 && tickets.length < 2; i++) {
      tickets = await importTickets();
      if (tickets.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(tickets.map((t) => t.contact.name).sort()).toEqual(['Historico Dois', 'Historico Um']);
    expect(tickets.every((t) => t.unreadMessages === 0)).toBe(true);
    const first = tickets.find((t) => t.contact.name === 'Historico Um')!;
    const { messages } = await stack.api<MessagesPage>('admin', 'GET', `/messages/${first.id}`);
    expect(messages.map((m) => [m.body, m.fromMe])).toEqual([
      ['Pedido 1', false],
      ['Enviado', true],
    ]);
  });

  it('closes the imported tickets on POST /closedimported/:id, for admins only', async () => {
    const path = `/closedimported/${connection.id}`;
    expect((await status('POST', path)).status).toBe(401);
    expect(await status('POST', path, stack.users.agent.token)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await status('POST', '/closedimported/999999', stack.users.admin.token)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
    expect((await importTickets()).length).toBe(2);

    expect(await stack.api('admin', 'POST', path)).toEqual({ closed: 2 });
    expect(await importTickets()).toEqual([]);
    const record = await stack.api<ConnectionRecord>('admin', 'GET', `/whatsapp/${connection.id}`);
    expect(record.statusImportMessages).toBeNull();
  });
});
