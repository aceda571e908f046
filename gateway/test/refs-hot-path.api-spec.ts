import type { TicketRecord } from '@sb/contracts';
import { json, requestAs } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// Issue 15's "0 bus requests on the hot path": accept, transfer and close name only queues, users and
// the ticket, which tickets checks itself (its tables, its replicas of identity's users) before the
// handler runs. The gateway asks no `refs.check`; refusals are the same 404s as before.

describe('the ids of accept/transfer/close are checked inside tickets', () => {
  let stack: RunningConversationStack;
  const subjects: string[] = [];
  const refsChecks = () => subjects.filter((s) => s.endsWith('.refs.check'));

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'refshot' });
    // the in-process bus is shared by the gateway and the services: every request is counted here
    const bus = stack.identityStack.buses.gatewayBus;
    const request = bus.request.bind(bus);
    bus.request = ((subject: string, ...rest: never[]) => {
      subjects.push(subject);
      return (request as (...args: unknown[]) => unknown)(subject, ...rest);
    }) as typeof bus.request;
  }, 120_000);

  afterAll(() => stack?.close());

  const put = (id: number, body: unknown) =>
    requestAs(stack.gatewayUrl, stack.users.admin.token, 'PUT', `/tickets/${id}`, body);

  it('accepts, transfers and closes with no refs check on the bus', async () => {
    const sales = await stack.createQueue({ name: 'Hot sales', greetingMessage: 'Hi' });
    const support = await stack.createQueue({ name: 'Hot support', greetingMessage: 'Hi' });
    const contact = await stack.api<{ id: number }>('admin', 'POST', '/contacts', {
      name: 'Hot path',
      number: '5511988887777',
    });
    const ticket = await stack.api<TicketRecord>('admin', 'POST', '/tickets', {
      contactId: contact.id,
      queueId: sales.id,
      status: 'pending',
    });
    // the replicas are loaded by a first read; what is measured is the steady state
    expect((await put(ticket.id, { status: 'pending', queueId: sales.id })).status).toBe(200);

    subjects.length = 0;
    const accepted = await put(ticket.id, {
      status: 'open',
      userId: stack.users.admin.id,
      queueId: sales.id,
    });
    expect(accepted.status).toBe(200);
    const transferred = await put(ticket.id, {
      status: 'pending',
      userId: stack.users.agent.id,
      queueId: support.id,
    });
    expect(transferred.status).toBe(200);
    expect(await json(transferred)).toMatchObject({ queueId: support.id });
    const closed = await put(ticket.id, { status: 'closed', sendFarewellMessage: false });
    expect(closed.status).toBe(200);
    expect(refsChecks()).toEqual([]);
  });

  it("refuses a queue or a user that is not the company's, from inside tickets", async () => {
    const contact = await stack.api<{ id: number }>('admin', 'POST', '/contacts', {
      name: 'Hot refusal',
      number: '5511988886666',
    });
    const ticket = await stack.api<TicketRecord>('admin', 'POST', '/tickets', {
      contactId: contact.id,
      status: 'pending',
    });

    subjects.length = 0;
    const noQueue = await put(ticket.id, { status: 'open', queueId: 987_654 });
    expect(noQueue.status).toBe(404);
    expect(await json(noQueue)).toMatchObject({
      error: 'ERR_NO_QUEUE_FOUND',
      fields: { queueId: ['No queue 987654 in this company'] },
    });
    expect(refsChecks()).toEqual([]);

    // a user the replica does not hold is asked of identity (only on that path) and refused
    const noUser = await put(ticket.id, { status: 'open', userId: 987_654 });
    expect(noUser.status).toBe(404);
    expect(await json(noUser)).toMatchObject({
      error: 'ERR_NO_USER_FOUND',
      fields: { userId: ['No user 987654 in this company'] },
    });
    expect(refsChecks()).toEqual(['identity.refs.check']);
  });
});
