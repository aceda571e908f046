import type { MessagesPage, TicketRecord } from '@sb/contracts';
import { ConversationStepError } from '@sb/testing/conversation';
import {
  startConversationStack,
  type RunningConversationStack,
} from '../support/conversation-stack.js';

// Scripted conversations over the whole product: a contact writes through the Graph emulator's signed
// webhooks, the real services make the ticket, the agent works it through the gateway's API, and what
// the contact's phone receives is read back from the emulator.

describe('conversation basics', () => {
  let stack: RunningConversationStack;

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'conversation_basics' });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('makes a pending ticket of a first message that the agent accepts, answers and closes', async () => {
    const bia = stack.conversation({ number: '5511990000001', name: 'Bia' });
    await bia.run(`
      contact says Olá, preciso de ajuda
      ticket is pending
      ticket user is none
    `);
    // the agent's waiting list shows it
    const waiting = await stack.api<{ tickets: TicketRecord[] }>(
      'agent',
      'GET',
      '/tickets?status=pending',
    );
    expect(waiting.tickets.map((ticket) => ticket.contact.name)).toContain('Bia');
    await bia.run(`
      agent accepts
      ticket is open
      ticket user is agent
      agent says Oi Bia, como posso ajudar?
    `);
    // the contact's phone shows both sides, in order
    expect(bia.lines().map((line) => [line.direction, line.text])).toEqual([
      ['in', 'Olá, preciso de ajuda'],
      ['out', 'Oi Bia, como posso ajudar?'],
    ]);
    // and the API shows the messages of the ticket
    const ticket = await bia.ticket.current();
    const page = await stack.api<MessagesPage>('agent', 'GET', `/messages/${ticket.id}`);
    expect(page.messages.map((message) => [message.fromMe, message.body])).toEqual([
      [false, 'Olá, preciso de ajuda'],
      [true, 'Oi Bia, como posso ajudar?'],
    ]);
    expect(ticket).toMatchObject({
      channel: 'whatsappapi',
      whatsappId: stack.connectionId,
      contact: { name: 'Bia', number: '5511990000001' },
    });

    await bia.run(`
      contact says Obrigada!
      agent closes without farewell
      ticket is closed
    `);
  });

  it('opens a new pending ticket when the contact of a closed conversation writes again', async () => {
    const caio = stack.conversation({ number: '5511990000002', name: 'Caio' });
    await caio.run(`
      contact says primeira conversa
      agent accepts
      agent says Olá Caio
      agent closes without farewell
      ticket is closed
    `);
    const closed = await caio.ticket.current();
    await caio.run(`
      contact says voltei
      ticket is pending
      ticket user is none
    `);
    const again = await caio.ticket.current();
    expect(again.lastMessage).toBe('voltei');
    expect(again.unreadMessages).toBe(1);
    // today the latest closed ticket comes back pending; a rule may make a new one instead, never an older
    expect(again.id).toBeGreaterThanOrEqual(closed.id);
  });

  it('keeps two contacts apart at the same time', async () => {
    const dani = stack.conversation({ number: '5511990000003', name: 'Dani' });
    const edu = stack.conversation({ number: '5511990000004', name: 'Edu' });
    await Promise.all([dani.contact.says('sou a Dani'), edu.contact.says('sou o Edu')]);
    await Promise.all([dani.ticket.is('pending'), edu.ticket.is('pending')]);
    await dani.agent.accepts();
    await edu.admin.accepts();
    await dani.agent.says('Oi Dani');
    await edu.admin.says('Oi Edu');
    await dani.ticket.userIs('agent');
    await edu.ticket.userIs('admin');
    const [daniTicket, eduTicket] = await Promise.all([
      dani.ticket.current(),
      edu.ticket.current(),
    ]);
    expect(daniTicket.id).not.toBe(eduTicket.id);
    // each phone got only its own answer
    expect(dani.sent().map((send) => send.text)).toEqual(['Oi Dani']);
    expect(edu.sent().map((send) => send.text)).toEqual(['Oi Edu']);
    await dani.bot.staysSilent(300);
    await edu.bot.staysSilent(300);
  });

  it('transfers a ticket to a queue, where it waits for the agents of the queue', async () => {
    await stack.createQueue({ name: 'Vendas' });
    const fabi = stack.conversation({ number: '5511990000005', name: 'Fabi' });
    await fabi.run(`
      contact says quero comprar
      admin accepts
      admin transfers to queue Vendas
      ticket is pending
      ticket queue is Vendas
      ticket user is none
      agent accepts
      ticket is open
      ticket user is agent
    `);
    const list = await stack.api<{ tickets: TicketRecord[] }>(
      'agent',
      'GET',
      '/tickets?status=open',
    );
    expect(list.tickets.map((ticket) => ticket.contact.name)).toContain('Fabi');
  });

  it('names the failed line and what the contact got instead', async () => {
    const gabi = stack.conversation({
      number: '5511990000006',
      name: 'Gabi',
      answerTimeoutMs: 300,
    });
    const failure = await gabi
      .run(
        `
        contact says oi
        agent accepts
        agent says bom dia
        bot answers /boa noite/
      `,
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(ConversationStepError);
    expect((failure as ConversationStepError).line).toBe(5);
    expect((failure as Error).message).toMatch(
      /line 5 "bot answers \/boa noite\/" failed: no message to 5511990000006 matched \/boa noite\/ within 300 ms; nothing was sent/,
    );
  });

  it('sets up queues with chatbot options and connection fields through the real API', async () => {
    const suporte = await stack.createQueue({
      name: 'Suporte',
      greetingMessage: 'Bem-vindo ao suporte',
      chatbots: [
        { name: 'Segunda via', greetingMessage: 'Enviamos a segunda via', queueType: 'text' },
        { name: 'Falar com atendente', greetingMessage: 'Aguarde', queueType: 'attendent' },
      ],
    });
    expect(suporte.chatbots.map((option) => option.name)).toEqual([
      'Segunda via',
      'Falar com atendente',
    ]);
    const agent = await stack.api<{ queueIds: number[] }>(
      'admin',
      'GET',
      `/users/${stack.users.agent.id}`,
    );
    expect(agent.queueIds).toContain(suporte.id);
    const updated = await stack.updateConnection({
      greetingMessage: 'Olá! Escolha uma fila',
      queueIds: [suporte.id],
    });
    expect(updated).toMatchObject({ greetingMessage: 'Olá! Escolha uma fila' });
    expect(updated.queueIds).toEqual([suporte.id]);
  });

  it('moves the tickets service clock on demand', async () => {
    const before = stack.clock.now().getTime();
    const hana = stack.conversation({ number: '5511990000007' });
    await hana.run('advance clock 30 min');
    expect(stack.clock.now().getTime() - before).toBe(30 * 60_000);
    hana.clock.advance(5);
    expect(stack.clock.now().getTime() - before).toBe(35 * 60_000);
  });
});
