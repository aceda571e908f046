import { jest } from '@jest/globals';
import type { MessagesPage, Queue, WeekdaySchedule } from '@sb/contracts';
import type { Conversation } from '@sb/testing/conversation';
import {
  startConversationStack,
  type RunningConversationStack,
} from '../support/conversation-stack.js';

// The edges of the queue menu, the hours and the calls over the real services. The tickets
// clock starts on Monday 2026-11-23 at 10:00 in São Paulo (the company's default time zone, UTC-3 all
// year), so a window of 08:00–12:00 is open and one of 14:00–18:00 is provably closed "now".

jest.setTimeout(60_000);

const MondayTenInSaoPaulo = new Date('2026-11-23T13:00:00Z');
const Weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A week closed every day but Monday, open on Monday from `start` to `end`. */
const mondayOnly = (start: string, end: string): WeekdaySchedule[] =>
  Weekdays.map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: weekdayEn === 'Monday' ? start : '',
    endTimeA: weekdayEn === 'Monday' ? end : '',
    startTimeB: '',
    endTimeB: '',
  }));

const queueMenu = 'Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const vendasMenu =
  'Vendas: escolha uma opção\n\n*[ 1 ]* - Planos e preços\n*[ 2 ]* - Segunda via\n' +
  '*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento';
const planosMenu =
  'Qual plano?\n\n*[ 1 ]* - Plano mensal\n*[ 2 ]* - Plano anual\n' +
  '*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento';

describe('conversation automation: menu edges, hours and calls', () => {
  let stack: RunningConversationStack;
  let queues: Record<'solo' | 'vendas' | 'suporte' | 'agenda', Queue>;
  let number = 5511970000000;
  const contact = (name: string): Conversation =>
    stack.conversation({ number: String(++number), name });
  const texts = (c: Conversation) => c.sent().map((send) => send.text);
  const messagesOf = async (c: Conversation) => {
    const ticket = await c.ticket.current();
    return (await stack.api<MessagesPage>('admin', 'GET', `/messages/${ticket.id}`)).messages;
  };

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'conversation_menu', start: MondayTenInSaoPaulo });
    queues = {
      solo: await stack.createQueue({
        name: 'Solo',
        greetingMessage: 'Solo: já vamos te atender.',
      }),
      vendas: await stack.createQueue({
        name: 'Vendas',
        greetingMessage: 'Vendas: escolha uma opção',
        chatbots: [
          {
            name: 'Planos e preços',
            greetingMessage: 'Qual plano?',
            queueType: 'text',
            closeTicket: false,
            options: [
              {
                name: 'Plano mensal',
                greetingMessage: 'O mensal custa R$ 10.',
                queueType: 'text',
                closeTicket: false,
              },
              {
                name: 'Plano anual',
                greetingMessage: 'O anual custa R$ 100.',
                queueType: 'text',
                closeTicket: false,
              },
            ],
          },
          {
            name: 'Segunda via',
            greetingMessage: 'Enviamos a segunda via por e-mail.',
            queueType: 'text',
            closeTicket: false,
          },
        ],
      }),
      suporte: await stack.createQueue({
        name: 'Suporte',
        greetingMessage: 'Suporte aqui, descreva o problema.',
      }),
      agenda: await stack.createQueue({
        name: 'Agenda',
        greetingMessage: 'Agenda: vamos marcar seu horário.',
        outOfHoursMessage: 'A agenda atende das 14h às 18h.',
        schedules: mondayOnly('14:00', '18:00'),
      }),
    };
    await stack.updateConnection({
      greetingMessage: 'Escolha um setor:',
      complationMessage: 'Atendimento encerrado. Obrigado!',
      outOfHoursMessage: 'Estamos fora do horário de atendimento.',
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      queueIds: [queues.vendas.id, queues.suporte.id],
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  describe('one queue', () => {
    beforeAll(async () => {
      await stack.updateConnection({ queueIds: [queues.solo.id] });
    });
    afterAll(async () => {
      await stack.updateConnection({ queueIds: [queues.vendas.id, queues.suporte.id] });
      await stack.setCompanySetting('sendGreetingMessageOneQueues', 'enabled');
    });

    it('goes straight to the queue, without the greeting while sendGreetingMessageOneQueues is off', async () => {
      await stack.setCompanySetting('sendGreetingMessageOneQueues', 'disabled');
      const ana = contact('Ana');
      await ana.run(`
        contact says Oi
        bot answers "Solo: já vamos te atender."
        ticket queue is Solo
        ticket is pending
        bot stays silent for 1 s
      `);
      expect(texts(ana)).toEqual(['Solo: já vamos te atender.']);
    });

    it('sends the connection greeting first while sendGreetingMessageOneQueues is on', async () => {
      await stack.setCompanySetting('sendGreetingMessageOneQueues', 'enabled');
      const bia = contact('Bia');
      await bia.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        bot answers "Solo: já vamos te atender."
        ticket queue is Solo
        bot stays silent for 1 s
      `);
      // one queue means no numbered menu: the greeting alone
      expect(texts(bia)).toEqual(['Escolha um setor:', 'Solo: já vamos te atender.']);
    });
  });

  describe('nested chatbot options', () => {
    it('goes back one level with "#", from an option to its queue and from the queue to the queue menu', async () => {
      const caio = contact('Caio');
      await caio.run(`
        contact says Oi
        bot answers ${JSON.stringify(queueMenu)}
        contact says 1
        bot answers ${JSON.stringify(vendasMenu)}
        ticket queue is Vendas
        contact says 1
        bot answers ${JSON.stringify(planosMenu)}
        contact says #
        bot answers ${JSON.stringify(vendasMenu)}
        contact says #
        bot answers ${JSON.stringify(queueMenu)}
        ticket queue is none
        contact says 1
        bot answers ${JSON.stringify(vendasMenu)}
        contact says 1
        bot answers ${JSON.stringify(planosMenu)}
        contact says 2
        bot answers "O anual custa R$ 100."
        ticket queue is Vendas
        ticket is pending
      `);
    });

    it('closes the ticket with the completion message on "Sair", inside the options and at the queue menu', async () => {
      const duda = contact('Duda');
      await duda.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact says 1
        bot answers "Vendas: escolha uma opção"
        contact says 1
        bot answers "Qual plano?"
        contact says Sair
        bot answers "Atendimento encerrado. Obrigado!"
        ticket is closed
      `);
      const edu = contact('Edu');
      await edu.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact says sair
        bot answers "Atendimento encerrado. Obrigado!"
        ticket is closed
      `);
    });
  });

  describe('queue position', () => {
    afterAll(async () => {
      await stack.setCompanySetting('sendQueuePosition', 'disabled');
    });

    it('tells each contact entering a queue its place in line while sendQueuePosition is on', async () => {
      await stack.setCompanySetting('sendQueuePosition', 'enabled');
      const fabi = contact('Fabi');
      await fabi.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact says 2
        bot answers "Suporte aqui, descreva o problema."
        bot answers "Você é o *1º* da fila. Aguarde, por favor."
      `);
      const gil = contact('Gil');
      await gil.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact says 2
        bot answers "Suporte aqui, descreva o problema."
        bot answers "Você é o *2º* da fila. Aguarde, por favor."
      `);
      // an option leaf of a queue with options also leaves the bot for the line
      const hugo = contact('Hugo');
      await hugo.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact says 1
        bot answers "Vendas: escolha uma opção"
        contact says 2
        bot answers "Enviamos a segunda via por e-mail."
        bot answers /Você é o \\*\\d+º\\* da fila/
      `);
    });
  });

  // The contact writes first: the Cloud API of the stack's connection only answers inside the 24-hour
  // window a contact's message opens (a Baileys connection has none).
  describe('calls', () => {
    afterAll(async () => {
      await stack.setCompanySetting('acceptCallWhatsapp', 'enabled');
    });

    it('answers a call with the "calls disabled" notice while acceptCallWhatsapp is on, and logs it in the chat', async () => {
      await stack.setCompanySetting('acceptCallWhatsapp', 'enabled');
      const iara = contact('Iara');
      await iara.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact calls
        bot answers "As chamadas de voz e vídeo estão desativadas neste número."
        ticket queue is none
      `);
      // the call sits in the contact's chat, between its message and the notice
      const messages = await messagesOf(iara);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ body: 'Oi', fromMe: false }),
          expect.objectContaining({ mediaType: 'call_log', body: 'voice call', fromMe: false }),
        ]),
      );
    });

    it('only logs the call while acceptCallWhatsapp is off', async () => {
      await stack.setCompanySetting('acceptCallWhatsapp', 'disabled');
      const jair = contact('Jair');
      await jair.run(`
        contact says Oi
        bot answers "Escolha um setor:"
        contact video calls
        bot stays silent for 1 s
      `);
      const messages = await messagesOf(jair);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ mediaType: 'call_log', body: 'video call', fromMe: false }),
        ]),
      );
      expect(messages.filter((m) => m.fromMe).map((m) => m.body)).toEqual([
        expect.stringContaining('Escolha um setor:'),
      ]);
    });
  });

  describe('hours', () => {
    afterEach(async () => {
      await stack.setCompanySetting('scheduleType', 'disabled');
    });

    it('scheduleType company: the company schedules decide, outside them the outOfHoursMessage', async () => {
      await stack.setCompanySetting('scheduleType', 'company');
      await stack.api('admin', 'PUT', `/companies/${stack.companyId}/schedules`, {
        schedules: mondayOnly('08:00', '12:00'),
      });
      const lia = contact('Lia');
      await lia.run(`
        contact says Oi
        bot answers "Escolha um setor:"
      `);
      await stack.api('admin', 'PUT', `/companies/${stack.companyId}/schedules`, {
        schedules: mondayOnly('14:00', '18:00'),
      });
      const mel = contact('Mel');
      await mel.run(`
        contact says Oi
        bot answers "Estamos fora do horário de atendimento."
        ticket is pending
        ticket queue is none
        bot stays silent for 1 s
      `);
      expect(texts(mel)).toEqual(['Estamos fora do horário de atendimento.']);
      await stack.api('admin', 'PUT', `/companies/${stack.companyId}/schedules`, { schedules: [] });
    });

    it('scheduleType queue: a closed queue answers with its own outOfHoursMessage, an open one is entered', async () => {
      await stack.setCompanySetting('scheduleType', 'queue');
      await stack.updateConnection({ queueIds: [queues.vendas.id, queues.agenda.id] });
      try {
        const nina = contact('Nina');
        await nina.run(`
          contact says Oi
          bot answers "*[ 2 ]* - Agenda"
          contact says 2
          bot answers "A agenda atende das 14h às 18h."
          ticket queue is none
          contact says 1
          bot answers "Vendas: escolha uma opção"
          ticket queue is Vendas
        `);
        // four hours later it is 14:00 in São Paulo: the queue is open
        const otto = contact('Otto');
        await otto.run(`
          advance clock 4 h
          contact says Oi
          bot answers "*[ 2 ]* - Agenda"
          contact says 2
          bot answers "Agenda: vamos marcar seu horário."
          ticket queue is Agenda
        `);
      } finally {
        await stack.updateConnection({ queueIds: [queues.vendas.id, queues.suporte.id] });
      }
    });
  });
});

// BOT_LANGUAGE, read once at boot by the tickets service: the bot's own words in English, the company's
// texts as written, and "Sair" still leaves next to the English exit word.
describe('conversation automation: the bot speaks BOT_LANGUAGE', () => {
  let stack: RunningConversationStack;

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'conversation_menu_en',
      ticketsEnv: { BOT_LANGUAGE: 'en' },
    });
    const sales = await stack.createQueue({
      name: 'Sales',
      greetingMessage: 'Sales: pick one',
      chatbots: [{ name: 'Prices', greetingMessage: 'From $10.', queueType: 'text' }],
    });
    const support = await stack.createQueue({ name: 'Support', greetingMessage: 'Support here.' });
    await stack.updateConnection({
      greetingMessage: 'Pick a department:',
      complationMessage: 'Bye!',
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      queueIds: [sales.id, support.id],
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('re-asks, lists "#" and the exit word, tells the place in line and leaves, in English', async () => {
    await stack.setCompanySetting('sendQueuePosition', 'enabled');
    const amy = stack.conversation({ number: '5511960000001', name: 'Amy' });
    await amy.run(`
      contact says Hi
      bot answers "Pick a department:\\n\\n*[ 1 ]* - Sales\\n*[ 2 ]* - Support"
      contact says 7
      bot answers "*Invalid option*, please choose one of the options below."
      contact says 1
      bot answers "Sales: pick one\\n\\n*[ 1 ]* - Prices\\n*[ # ]* - Back\\n*[ Exit ]* - End conversation"
      contact says exit
      bot answers "Bye!"
      ticket is closed
    `);
    const bob = stack.conversation({ number: '5511960000002', name: 'Bob' });
    await bob.run(`
      contact says Hi
      bot answers "Pick a department:"
      contact says 2
      bot answers "Support here."
      bot answers "You are number *1* in line. Please wait."
    `);
    const caz = stack.conversation({ number: '5511960000003', name: 'Caz' });
    await caz.run(`
      contact says Hi
      bot answers "Pick a department:"
      contact says Sair
      bot answers "Bye!"
      ticket is closed
    `);
  });
});
