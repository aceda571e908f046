import { jest } from '@jest/globals';
import type { TicketRecord } from '@sb/contracts';
import {
  startConversationStack,
  type RunningConversationStack,
} from '../support/conversation-stack.js';

// The conversation automation over the real services: the contact writes through signed
// webhooks, the bot answers through the channel, time moves with the tickets service's clock.

jest.setTimeout(60_000);

describe('conversation automation', () => {
  let stack: RunningConversationStack;

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'conversation_automation' });
    const vendas = await stack.createQueue({
      name: 'Vendas',
      color: '#1e88e5',
      greetingMessage: 'Bem-vindo a Vendas!',
      chatbots: [
        {
          name: 'Planos e preços',
          greetingMessage: 'Temos planos mensais e anuais.',
          queueType: 'text',
          closeTicket: false,
        },
        {
          name: 'Falar com o suporte',
          greetingMessage: 'Vou te passar para o suporte.',
          queueType: 'text',
          closeTicket: false,
        },
      ],
    });
    const suporte = await stack.createQueue({
      name: 'Suporte',
      color: '#43a047',
      greetingMessage: 'Suporte aqui, descreva o problema.',
    });
    await stack.updateConnection({
      greetingMessage: 'Olá! Escolha um setor:',
      complationMessage: 'Atendimento encerrado. Obrigado!',
      ratingMessage: 'Avalie nosso atendimento de 0 a 10',
      maxUseBotQueues: 2,
      timeUseBotQueues: 0,
      timeSendQueue: 30,
      sendIdQueue: suporte.id,
      queueIds: [vendas.id, suporte.id],
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('greets with the queue menu, re-asks an invalid answer, and walks the chosen queue options', async () => {
    const ana = stack.conversation({ number: '5511980000001', name: 'Ana' });
    await ana.run(`
      contact says Oi
      bot answers "Olá! Escolha um setor:\\n\\n*[ 1 ]* - Vendas\\n*[ 2 ]* - Suporte"
      ticket is pending
      contact says 7
      bot answers "Opção inválida"
      contact says 1
      bot answers "Bem-vindo a Vendas!"
      ticket queue is Vendas
      contact says 1
      bot answers "Temos planos mensais e anuais."
    `);
    const ticket = await ana.ticket.current();
    expect(ticket.queue?.name).toBe('Vendas');
  });

  it('stops re-asking once maxUseBotQueues is spent', async () => {
    const caio = stack.conversation({ number: '5511980000002', name: 'Caio' });
    await caio.run(`
      contact says Bom dia
      bot answers "Escolha um setor"
      contact says x
      bot answers "Opção inválida"
      contact says y
      bot answers "Opção inválida"
      contact says z
      bot stays silent for 1 s
    `);
  });

  it('hands a ticket nobody chose a queue for to sendIdQueue after timeSendQueue minutes', async () => {
    const duda = stack.conversation({ number: '5511980000003', name: 'Duda' });
    await duda.run(`
      contact says Olá
      bot answers "Escolha um setor"
      advance clock 31 min
      ticket queue is Suporte
      ticket is pending
    `);
  });

  it('asks the rating on close and closes with the answer', async () => {
    await stack.setCompanySetting('userRating', 'enabled');
    const eva = stack.conversation({ number: '5511980000004', name: 'Eva' });
    await eva.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 2
      bot answers "Suporte aqui"
      agent accepts
      agent says Resolvido!
      agent closes
      bot answers "Avalie nosso atendimento"
      ticket is nps
      contact says 11
      bot answers "Opção inválida"
      contact says 9
      bot answers "Atendimento encerrado"
      ticket is closed
    `);
    const ticket: TicketRecord = await eva.ticket.current();
    expect(ticket.userRating).toEqual(expect.objectContaining({ rate: 9 }));
    await stack.setCompanySetting('userRating', 'disabled');
  });

  it('asks LGPD consent before anything else and records the answer on the contact', async () => {
    await stack.setCompanySetting('enableLGPD', 'enabled');
    await stack.setCompanySetting('lgpdMessage', 'Usamos seus dados para te atender.');
    const fabi = stack.conversation({ number: '5511980000005', name: 'Fabi' });
    await fabi.run(`
      contact says Oi
      bot answers "Usamos seus dados"
      bot answers "*[ 1 ]* - Sim"
      ticket is lgpd
      contact says 1
      bot answers "Escolha um setor"
      ticket is pending
    `);
    const ticket = await fabi.ticket.current();
    const contact = await stack.api<{ lgpdAcceptedAt: string | null }>(
      'admin',
      'GET',
      `/contacts/${ticket.contact.id}`,
    );
    expect(contact.lgpdAcceptedAt).not.toBeNull();
    const gil = stack.conversation({ number: '5511980000006', name: 'Gil' });
    await gil.run(`
      contact says Oi
      bot answers "Usamos seus dados"
      contact says 2
      bot answers "Atendimento encerrado"
      ticket is closed
    `);
    await stack.setCompanySetting('enableLGPD', 'disabled');
  });

  it('closes an unanswered rating after expiresTicketNPS minutes', async () => {
    await stack.setCompanySetting('userRating', 'enabled');
    await stack.updateConnection({ expiresTicketNPS: 10 });
    const hugo = stack.conversation({ number: '5511980000007', name: 'Hugo' });
    await hugo.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 2
      bot answers "Suporte aqui"
      agent accepts
      agent closes
      bot answers "Avalie nosso atendimento"
      ticket is nps
      advance clock 11 min
      bot answers "Atendimento encerrado"
      ticket is closed
    `);
    await stack.updateConnection({ expiresTicketNPS: 0 });
    await stack.setCompanySetting('userRating', 'disabled');
  });

  it('sends the inactive message and then closes an open ticket the contact left quiet', async () => {
    await stack.updateConnection({
      whenExpiresTicket: '0',
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está por aí?',
      expiresTicket: 15,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    });
    const iara = stack.conversation({ number: '5511980000008', name: 'Iara' });
    await iara.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 2
      bot answers "Suporte aqui"
      agent accepts
      agent says Em que posso ajudar?
      contact says Um momento
      advance clock 6 min
      bot answers "Ainda está por aí?"
      ticket is open
      advance clock 10 min
      bot answers "Encerramos por falta de resposta."
      ticket is closed
    `);
    await stack.updateConnection({ expiresTicket: 0, timeInactiveMessage: 0 });
  });

  it("counts the agent's silence with whenExpiresTicket 1: the agent's message starts the clock, the contact's stops it", async () => {
    await stack.updateConnection({
      whenExpiresTicket: '1',
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está por aí?',
      expiresTicket: 15,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    });
    const jair = stack.conversation({ number: '5511980000009', name: 'Jair' });
    await jair.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 2
      bot answers "Suporte aqui"
      agent accepts
      agent says Pode me mandar o número do pedido?
      contact says 12345
      advance clock 20 min
      bot stays silent for 1 s
      ticket is open
      agent says Obrigado, vou verificar.
      advance clock 6 min
      bot answers "Ainda está por aí?"
      advance clock 10 min
      bot answers "Encerramos por falta de resposta."
      ticket is closed
    `);
    await stack.updateConnection({
      whenExpiresTicket: '0',
      expiresTicket: 0,
      timeInactiveMessage: 0,
    });
  });

  it('resumes a menu where the contact was after the tickets service restarts', async () => {
    const lia = stack.conversation({ number: '5511980000010', name: 'Lia' });
    await lia.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 1
      bot answers "Bem-vindo a Vendas!"
    `);
    await stack.restartTickets();
    await lia.run(`
      contact says 2
      bot answers "Vou te passar para o suporte."
      ticket queue is Vendas
    `);
  });

  it('answers out of the connection hours with its message, within the re-ask limit', async () => {
    const closedAllWeek = [
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }));
    await stack.setCompanySetting('scheduleType', 'connection');
    await stack.updateConnection({
      schedules: closedAllWeek,
      outOfHoursMessage: 'Estamos fechados. Voltamos amanhã às 8h.',
    });
    try {
      const mel = stack.conversation({ number: '5511980000011', name: 'Mel' });
      await mel.run(`
        contact says Oi, estão abertos?
        bot answers "Estamos fechados. Voltamos amanhã às 8h."
        ticket is pending
        contact says alô
        bot answers "Estamos fechados."
        contact says alguém?
        bot stays silent for 1 s
      `);
      const ticket = await mel.ticket.current();
      expect(ticket.queue).toBeNull();
    } finally {
      await stack.setCompanySetting('scheduleType', 'disabled');
      await stack.updateConnection({ schedules: [] });
    }
  });

  it('answers audio with the text-only notice while the company does not accept audio', async () => {
    await stack.setCompanySetting('acceptAudioMessageContact', 'disabled');
    try {
      const nina = stack.conversation({ number: '5511980000012', name: 'Nina' });
      await nina.run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact sends audio
        bot answers "não conseguimos ouvir áudios"
      `);
    } finally {
      await stack.setCompanySetting('acceptAudioMessageContact', 'enabled');
    }
    const otto = stack.conversation({ number: '5511980000013', name: 'Otto' });
    await otto.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact sends audio
      bot answers "Opção inválida"
    `);
  });

  it("sends the connection's greeting media with the greeting as its caption", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'welcome.png');
    const upload = `${stack.gatewayUrl}/whatsapp/${stack.connectionId}/media-upload`;
    const headers = { authorization: `Bearer ${stack.users.admin.token}` };
    expect((await fetch(upload, { method: 'POST', headers, body: form })).status).toBe(201);
    try {
      const rui = stack.conversation({ number: '5511980000014', name: 'Rui' });
      await rui.run(`
        contact says Oi
        bot answers "Olá! Escolha um setor:"
        contact says 2
        bot answers "Suporte aqui"
      `);
      const [greeting, queueGreeting] = rui.sent();
      expect(greeting).toMatchObject({ type: 'image' });
      expect(greeting!.text).toContain('*[ 1 ]* - Vendas');
      expect(queueGreeting).toMatchObject({ type: 'text' });
    } finally {
      await fetch(upload, { method: 'DELETE', headers });
    }
  });
});
