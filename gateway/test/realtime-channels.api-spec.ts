import type { Socket } from 'socket.io-client';
import { allowTicketsOfOwnCompany, startGateway, type RunningGateway } from '@sb/gateway';
import {
  busKinds,
  connectSocket,
  emitWithAck,
  event,
  jwtSecret,
  recordEvents,
  signAccessToken,
  sleep,
  waitFor,
  webOrigin,
  type BusPair,
} from './support/gateway-harness.js';

/**
 * The real-time channels of spec 2 §7 (user, contact, queue, ticket, importMessages, whatsapp,
 * whatsappSession, the global users event) and spec 3 §7 (queues, tags, contact lists and items, quick
 * messages, schedules, campaigns, announcements, integrations, files, prompts): each domain event,
 * published as its service does, reaches the sockets its room names and no other, never another
 * company's.
 */

const kinds = await busKinds();

type Who = 'admin' | 'agent' | 'colleague' | 'stranger';
const everyone: Who[] = ['admin', 'agent', 'colleague'];
/** admin screens (contact lists, campaigns, integrations, file lists): the agents get 403 over HTTP */
const admins: Who[] = ['admin'];

type Case = {
  /** `<service>.<entity>.<action>` of the event */
  key: string;
  data: unknown;
  /** the company of the event (2 unless told; 0 is platform-wide) */
  companyId?: number;
  /** who must receive it, with the socket event names each gets (the same for all unless told) */
  to: Who[];
  events: string[];
  /** a receiver's own payload (admins hear secrets the others get blank) */
  payloadOf?: Partial<Record<Who, unknown>>;
  payload: unknown;
};

const user = { id: 11, name: 'Ana', companyId: 2 };
const connection = {
  id: 5,
  companyId: 2,
  name: 'Main',
  token: 'secret-api-token',
  status: 'CONNECTED',
};
const prompt = { id: 3, name: 'Helper', apiKey: 'sk-…abcd', voiceKey: 'vk-…wxyz' };
const ticket = { id: 77, status: 'open', userId: 11 };

const cases: Case[] = [
  // spec 2 §7
  ...(['created', 'updated', 'deleted'] as const).map((action) => {
    const verb = action === 'created' ? 'create' : action === 'updated' ? 'update' : 'delete';
    const payload = verb === 'delete' ? { action: verb, userId: 11 } : { action: verb, user };
    return {
      key: `identity.user.${action}`,
      data: verb === 'delete' ? { userId: 11 } : { user },
      to: everyone,
      events: ['company-2-user', 'users'],
      payload,
    };
  }),
  {
    key: 'tickets.contact.created',
    data: { contact: { id: 1, name: 'Cris' } },
    to: everyone,
    events: ['company-2-contact'],
    payload: { action: 'create', contact: { id: 1, name: 'Cris' } },
  },
  {
    key: 'tickets.contact.deleted',
    data: { contactId: 1 },
    to: everyone,
    events: ['company-2-contact'],
    payload: { action: 'delete', contactId: 1 },
  },
  {
    // the agent follows the open list and ticket 77; the colleague follows neither
    key: 'tickets.ticket.updated',
    data: { ticket, previousStatus: 'pending' },
    to: ['agent'],
    events: ['company-2-ticket'],
    payload: { action: 'update', ticket },
  },
  {
    key: 'tickets.ticket.deleted',
    data: { ticketId: 77, status: 'open' },
    to: ['agent'],
    events: ['company-2-ticket'],
    payload: { action: 'delete', ticketId: 77 },
  },
  {
    key: 'connectors.history-import.progress',
    data: { connectionId: 5, action: 'update', status: { this: 3, all: 10, date: '2026-01-02' } },
    to: everyone,
    events: ['company-2-importMessages'],
    payload: { action: 'update', whatsappId: 5, status: { this: 3, all: 10, date: '2026-01-02' } },
  },
  {
    key: 'connectors.history-import.progress',
    data: { connectionId: 5, action: 'refresh' },
    to: everyone,
    events: ['company-2-importMessages'],
    payload: { action: 'refresh', whatsappId: 5 },
  },
  {
    key: 'connectors.connection.updated',
    data: { connection },
    to: everyone,
    events: ['company-2-whatsapp'],
    payload: { action: 'update', whatsapp: { ...connection, token: null } },
    payloadOf: { admin: { action: 'update', whatsapp: connection } },
  },
  {
    key: 'connectors.connection.deleted',
    data: { connectionId: 5 },
    to: everyone,
    events: ['company-2-whatsapp'],
    payload: { action: 'delete', whatsappId: 5 },
  },
  {
    key: 'connectors.session.updated',
    data: { session: connection },
    to: everyone,
    events: ['company-2-whatsappSession'],
    payload: { action: 'update', session: { ...connection, token: null } },
    payloadOf: { admin: { action: 'update', session: connection } },
  },
  // spec 3 §7 (and queues, also spec 2 §7)
  ...(['created', 'updated'] as const).map((action) => ({
    key: `tickets.queue.${action}`,
    data: { queue: { id: 4, name: 'Sales' } },
    to: everyone,
    events: ['company-2-queue'],
    payload: {
      action: action === 'created' ? 'create' : 'update',
      queue: { id: 4, name: 'Sales' },
    },
  })),
  {
    key: 'tickets.queue.deleted',
    data: { queueId: 4 },
    to: everyone,
    events: ['company-2-queue'],
    payload: { action: 'delete', queueId: 4 },
  },
  {
    key: 'tickets.tag.created',
    data: { tag: { id: 8, name: 'VIP' } },
    to: everyone,
    events: ['company-2-tag'],
    payload: { action: 'create', tag: { id: 8, name: 'VIP' } },
  },
  {
    key: 'tickets.tag.deleted',
    data: { tagId: 8 },
    to: everyone,
    events: ['company-2-tag'],
    payload: { action: 'delete', tagId: 8 },
  },
  {
    key: 'campaigns.contact-list.updated',
    data: { record: { id: 6, name: 'Leads' } },
    to: admins,
    events: ['company-2-ContactList'],
    payload: { action: 'update', record: { id: 6, name: 'Leads' } },
  },
  {
    key: 'campaigns.contact-list.deleted',
    data: { id: 6 },
    to: admins,
    events: ['company-2-ContactList'],
    payload: { action: 'delete', id: 6 },
  },
  {
    key: 'campaigns.contact-list-item.created',
    data: { record: { id: 9, contactListId: 6 } },
    to: admins,
    events: ['company-2-ContactListItem'],
    payload: { action: 'create', record: { id: 9, contactListId: 6 } },
  },
  {
    key: 'campaigns.contact-list-item.deleted',
    data: { id: 9, contactListId: 6 },
    to: admins,
    events: ['company-2-ContactListItem'],
    payload: { action: 'delete', id: 9, contactListId: 6 },
  },
  {
    key: 'campaigns.contact-list-item.reloaded',
    data: { contactListId: 6 },
    to: admins,
    events: ['company-2-ContactListItem'],
    payload: { action: 'reload', contactListId: 6 },
  },
  {
    key: 'tickets.quick-message.created',
    data: { record: { id: 2, shortcode: 'hi', geral: true, userId: 10 } },
    to: everyone,
    events: ['company-2-quickmessage'],
    payload: { action: 'create', record: { id: 2, shortcode: 'hi', geral: true, userId: 10 } },
  },
  {
    // a personal quick message reaches its owner only
    key: 'tickets.quick-message.updated',
    data: { record: { id: 2, shortcode: 'hi', geral: false, userId: 11 } },
    to: ['agent'],
    events: ['company-2-quickmessage'],
    payload: { action: 'update', record: { id: 2, shortcode: 'hi', geral: false, userId: 11 } },
  },
  {
    key: 'tickets.quick-message.deleted',
    data: { id: 2 },
    to: everyone,
    events: ['company-2-quickmessage'],
    payload: { action: 'delete', id: 2 },
  },
  {
    key: 'campaigns.schedule.created',
    data: { schedule: { id: 12, userId: 11, status: 'PENDENTE', body: 'private text' } },
    to: everyone,
    events: ['company-2-schedule'],
    payload: { action: 'create', scheduleId: 12, userId: 11, status: 'PENDENTE' },
  },
  {
    key: 'campaigns.schedule.deleted',
    data: { scheduleId: 12, userId: 11 },
    to: everyone,
    events: ['company-2-schedule'],
    payload: { action: 'delete', scheduleId: 12, userId: 11 },
  },
  {
    key: 'campaigns.campaign.created',
    data: { record: { id: 21, name: 'Black Friday' } },
    to: admins,
    events: ['company-2-campaign'],
    payload: { action: 'create', record: { id: 21, name: 'Black Friday' } },
  },
  {
    key: 'campaigns.campaign.deleted',
    data: { id: 21 },
    to: admins,
    events: ['company-2-campaign'],
    payload: { action: 'delete', id: 21 },
  },
  {
    key: 'campaigns.campaign-reply.recorded',
    data: { campaignId: 21, shippingId: 3, repliedAt: '2026-01-02T10:00:00.000Z' },
    to: admins,
    events: ['company-2-campaignReply'],
    payload: { campaignId: 21, shippingId: 3, repliedAt: '2026-01-02T10:00:00.000Z' },
  },
  {
    // announcements are platform-wide: every company's sockets hear them
    key: 'identity.announcement.created',
    companyId: 0,
    data: { record: { id: 31, title: 'Maintenance', status: true } },
    to: [...everyone, 'stranger'],
    events: ['company-announcement'],
    payload: { action: 'create', record: { id: 31, title: 'Maintenance', status: true } },
  },
  {
    key: 'identity.announcement.deleted',
    companyId: 0,
    data: { record: { id: 31 } },
    to: [...everyone, 'stranger'],
    events: ['company-announcement'],
    payload: { action: 'delete', record: { id: 31 } },
  },
  {
    key: 'tickets.queue-integration.updated',
    data: { queueIntegration: { id: 41, name: 'Typebot' } },
    to: admins,
    events: ['company-2-queueIntegration'],
    payload: { action: 'update', queueIntegration: { id: 41, name: 'Typebot' } },
  },
  {
    key: 'tickets.queue-integration.deleted',
    data: { integrationId: 41 },
    to: admins,
    events: ['company-2-queueIntegration'],
    payload: { action: 'delete', integrationId: 41 },
  },
  {
    key: 'tickets.file-list.created',
    data: { fileList: { id: 51, name: 'Catalogue' } },
    to: admins,
    events: ['company-2-file'],
    payload: { action: 'create', fileList: { id: 51, name: 'Catalogue' } },
  },
  {
    key: 'tickets.file-list.deleted',
    data: { fileListId: 51 },
    to: admins,
    events: ['company-2-file'],
    payload: { action: 'delete', fileListId: 51 },
  },
  {
    key: 'tickets.prompt.updated',
    data: { prompt },
    to: everyone,
    events: ['company-2-prompt'],
    payload: { action: 'update', prompt: { ...prompt, apiKey: '', voiceKey: '' } },
    payloadOf: { admin: { action: 'update', prompt } },
  },
  {
    key: 'tickets.prompt.deleted',
    data: { promptId: 3 },
    to: everyone,
    events: ['company-2-prompt'],
    payload: { action: 'delete', promptId: 3 },
  },
];

describe.each(kinds)('real-time channels over the $name', (kind) => {
  let buses: BusPair;
  let gateway: RunningGateway;
  const sockets: Socket[] = [];
  const heard = {} as Record<Who, { event: string; payload: unknown }[]>;

  beforeAll(async () => {
    buses = await kind.connect();
    gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { JWT_SECRET: jwtSecret },
      ticketAccess: allowTicketsOfOwnCompany,
    });
    const open = async (who: Who, claims: Parameters<typeof signAccessToken>[0]) => {
      const socket = await connectSocket(gateway.url, { token: await signAccessToken(claims) });
      sockets.push(socket);
      heard[who] = recordEvents(socket);
      return socket;
    };
    await open('admin', { sub: '10', cid: 2, profile: 'admin' });
    const agent = await open('agent', { sub: '11', cid: 2, profile: 'user' });
    await open('colleague', { sub: '12', cid: 2, profile: 'user' });
    const stranger = await open('stranger', { sub: '20', cid: 3, profile: 'admin' });
    // the agent has the open tickets list and ticket 77 on screen; the stranger asks for the same
    // rooms of its own company
    expect(await emitWithAck(agent, 'joinTickets', 'open')).toEqual({ ok: true });
    expect(await emitWithAck(agent, 'joinChatBox', 77)).toEqual({ ok: true });
    expect(await emitWithAck(stranger, 'joinTickets', 'open')).toEqual({ ok: true });
    expect(await emitWithAck(stranger, 'joinChatBox', 77)).toEqual({ ok: true });
    await sleep(100); // the gateway's live subscription is in place before the events go out
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await gateway?.close();
    await buses?.close();
  });

  it.each(
    cases.map((c) => [c.key, (c.payload as { action?: string }).action ?? 'record', c] as const),
  )('%s (%s) reaches its room and only it', async (_key, _action, c) => {
    for (const who of Object.keys(heard) as Who[]) heard[who].splice(0);
    await buses.serviceBus.publish(event(c.companyId ?? 2, c.key, c.data));
    const expected = c.events.length;
    await waitFor(
      () => c.to.every((who) => heard[who].length >= expected),
      5_000,
      `${c.key} to ${c.to.join(', ')}`,
    );
    await sleep(150); // time for a wrong delivery to show up
    for (const who of Object.keys(heard) as Who[]) {
      const payload = c.payloadOf?.[who] ?? c.payload;
      const wanted = c.to.includes(who) ? c.events.map((name) => ({ event: name, payload })) : [];
      expect({ who, got: heard[who] }).toEqual({ who, got: wanted });
    }
  });

  it('sends an event published twice (a relay retrying an unacknowledged publish) once', async () => {
    for (const who of Object.keys(heard) as Who[]) heard[who].splice(0);
    const once = event(2, 'tickets.prompt.deleted', { promptId: 4 });
    await buses.serviceBus.publish(once);
    await buses.serviceBus.publish(once);
    await waitFor(() => heard.admin.length > 0, 5_000, 'the prompt deletion');
    await sleep(150); // time for a second copy to show up
    expect(heard.admin).toEqual([
      { event: 'company-2-prompt', payload: { action: 'delete', promptId: 4 } },
    ]);
  });

  it("sends a message that changed its ticket as the message and as that ticket's update", async () => {
    for (const who of Object.keys(heard) as Who[]) heard[who].splice(0);
    const message = { id: 'm-1', body: 'Oi', fromMe: false };
    const contact = { id: 1, name: 'Cris' };
    const data = { message, ticket, contact };
    await buses.serviceBus.publish(
      event(2, 'tickets.message.created', { ...data, ticketChange: { previousStatus: 'pending' } }),
    );
    // a private note leaves its ticket as it was: the message alone
    await buses.serviceBus.publish(event(2, 'tickets.message.created', data));
    await waitFor(() => heard.agent.length >= 3, 5_000, 'the messages and the ticket update');
    await sleep(150); // time for a wrong delivery to show up
    expect(heard.agent).toEqual([
      { event: 'company-2-appMessage', payload: { action: 'create', ...data } },
      { event: 'company-2-ticket', payload: { action: 'update', ticket } },
      { event: 'company-2-appMessage', payload: { action: 'create', ...data } },
    ]);
    for (const who of ['admin', 'colleague', 'stranger'] as const) expect(heard[who]).toEqual([]);
  });

  it("drops an event of company 3 for company 2's rooms: the stranger alone hears its own", async () => {
    for (const who of Object.keys(heard) as Who[]) heard[who].splice(0);
    await buses.serviceBus.publish(
      event(3, 'connectors.history-import.progress', { connectionId: 9, action: 'refresh' }),
    );
    await waitFor(() => heard.stranger.length > 0, 5_000, 'company 3 import progress');
    await sleep(150);
    expect(heard.stranger).toEqual([
      { event: 'company-3-importMessages', payload: { action: 'refresh', whatsappId: 9 } },
    ]);
    for (const who of everyone) expect(heard[who]).toEqual([]);
  });
});
