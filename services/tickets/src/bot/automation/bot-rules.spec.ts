import { BotTextsByLanguage } from '../language/bot-texts.js';
import {
  callReplies,
  decideInbound,
  mayAskAgain,
  parseChoice,
  parseRating,
  type BotConnection,
  type BotInput,
  type BotQueue,
} from './bot-rules.js';
import { withinWorkingHours } from './schedule-rules.js';

const now = new Date('2026-11-24T15:00:00Z'); // Tuesday 12:00 in São Paulo

const queue = (id: number, name: string, extra: Partial<BotQueue> = {}): BotQueue => ({
  id,
  name,
  greetingMessage: `Bem-vindo a ${name}`,
  outOfHoursMessage: '',
  schedules: [],
  closeTicket: false,
  fileListId: null,
  integrationId: null,
  promptId: null,
  options: [],
  ...extra,
});

const connection = (extra: Partial<BotConnection> = {}): BotConnection => ({
  greetingMessage: 'Olá! Escolha um setor:',
  complationMessage: 'Até logo',
  outOfHoursMessage: 'Estamos fechados',
  ratingMessage: 'Dê uma nota de 0 a 10',
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  maxUseBotQueuesNPS: 2,
  schedules: [],
  integrationId: null,
  promptId: null,
  queues: [queue(1, 'Vendas'), queue(2, 'Suporte')],
  ...extra,
});

const input = (
  extra: Omit<Partial<BotInput>, 'ticket'> & { ticket?: Partial<BotInput['ticket']> } = {},
): BotInput => ({
  contact: { lgpdAcceptedAt: null, disableBot: false, acceptAudioMessage: true },
  message: { body: 'oi', isAudio: false },
  connection: connection(),
  settings: {
    scheduleType: 'disabled',
    enableLGPD: false,
    lgpdMessage: '',
    lgpdLink: '',
    sendGreetingMessageOneQueues: true,
    sendQueuePosition: false,
    acceptAudioMessageContact: true,
    sendMessageOutExpedientTicketOpen: false,
    acceptCallWhatsapp: true,
    timeZone: 'America/Sao_Paulo',
    companySchedule: [],
  },
  now,
  texts: BotTextsByLanguage['pt-BR'],
  ...extra,
  ticket: {
    status: 'pending',
    queueId: null,
    userId: null,
    chatbotId: null,
    isBot: false,
    isGroup: false,
    isOutOfHour: false,
    amountUsedBotQueues: 0,
    amountUsedBotQueuesNps: 0,
    botAskedAt: null,
    lgpdSendMessageAt: null,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    botStoppedAt: null,
    ...extra.ticket,
  },
});

describe('queue menu', () => {
  it('offers the numbered queues on the first message', () => {
    const decision = decideInbound(input());
    expect(decision.replies).toEqual([
      'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
    expect(decision.ticket).toMatchObject({ botAskedAt: now, isBot: true });
    expect(decision.greetingReply).toBe(0);
  });

  it('a valid number enters the queue with its greeting', () => {
    const decision = decideInbound(
      input({ message: { body: '2', isAudio: false }, ticket: { botAskedAt: now } }),
    );
    expect(decision.ticket).toMatchObject({ queueId: 2, isBot: false, amountUsedBotQueues: 0 });
    expect(decision.replies).toEqual(['Bem-vindo a Suporte']);
    expect(decision.logs).toContain('queue');
    expect(decision.greetingReply).toBeUndefined();
  });

  it('re-asks an invalid answer until maxUseBotQueues, then stays silent', () => {
    const asked = { botAskedAt: new Date(now.getTime() - 60_000) };
    const first = decideInbound(input({ message: { body: 'x', isAudio: false }, ticket: asked }));
    expect(first.replies[0]).toContain('Opção inválida');
    expect(first.ticket.amountUsedBotQueues).toBe(1);
    const spent = decideInbound(
      input({
        message: { body: 'x', isAudio: false },
        ticket: { ...asked, amountUsedBotQueues: 3 },
      }),
    );
    expect(spent.replies).toEqual([]);
  });

  it('with one queue goes straight to it, greeting only when sendGreetingMessageOneQueues', () => {
    const one = connection({ queues: [queue(1, 'Vendas')] });
    const greeted = decideInbound(input({ connection: one }));
    expect(greeted.replies).toEqual(['Olá! Escolha um setor:', 'Bem-vindo a Vendas']);
    expect(greeted.greetingReply).toBe(0);
    const quiet = input({ connection: one });
    quiet.settings.sendGreetingMessageOneQueues = false;
    expect(decideInbound(quiet).replies).toEqual(['Bem-vindo a Vendas']);
    expect(decideInbound(quiet).greetingReply).toBeUndefined();
  });

  it('"Sair" closes with the completion message', () => {
    const decision = decideInbound(
      input({ message: { body: 'Sair', isAudio: false }, ticket: { botAskedAt: now } }),
    );
    expect(decision.close).toBe('completion');
  });
});

describe('chatbot options', () => {
  const tree = queue(1, 'Vendas', {
    options: [
      {
        id: 10,
        name: 'Planos',
        greetingMessage: 'Nossos planos:',
        queueType: 'text',
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        options: [
          {
            id: 11,
            name: 'Falar com vendedor',
            greetingMessage: 'Já vamos te atender',
            queueType: 'queue',
            closeTicket: false,
            optQueueId: 2,
            optUserId: null,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
        ],
      },
    ],
  });
  const withTree = connection({ queues: [tree, queue(2, 'Suporte')] });

  it('entering a queue with options lists them with "#" and "Sair"', () => {
    const decision = decideInbound(
      input({
        connection: withTree,
        message: { body: '1', isAudio: false },
        ticket: { botAskedAt: now },
      }),
    );
    expect(decision.replies[0]).toBe(
      'Bem-vindo a Vendas\n\n*[ 1 ]* - Planos\n*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento',
    );
    expect(decision.ticket).toMatchObject({ queueId: 1, isBot: true, chatbotId: null });
  });

  it('walks down, back with "#", and a queue option hands over', () => {
    const atRoot = { queueId: 1, isBot: true, botAskedAt: now };
    const down = decideInbound(
      input({ connection: withTree, message: { body: '1', isAudio: false }, ticket: atRoot }),
    );
    expect(down.ticket.chatbotId).toBe(10);
    expect(down.replies[0]).toContain('*[ 1 ]* - Falar com vendedor');
    const back = decideInbound(
      input({
        connection: withTree,
        message: { body: '#', isAudio: false },
        ticket: { ...atRoot, chatbotId: 10 },
      }),
    );
    expect(back.ticket.chatbotId).toBeNull();
    const hand = decideInbound(
      input({
        connection: withTree,
        message: { body: '1', isAudio: false },
        ticket: { ...atRoot, chatbotId: 10 },
      }),
    );
    expect(hand.ticket).toMatchObject({ queueId: 2, isBot: false, status: 'pending' });
    expect(hand.replies).toEqual(['Já vamos te atender']);
  });

  it('"#" at the top of the options goes back to the queue menu', () => {
    const decision = decideInbound(
      input({
        connection: withTree,
        message: { body: '#', isAudio: false },
        ticket: { queueId: 1, isBot: true, botAskedAt: now },
      }),
    );
    expect(decision.ticket.queueId).toBeNull();
    expect(decision.replies[0]).toContain('*[ 2 ]* - Suporte');
  });
});

describe('hours, LGPD, rating and audio', () => {
  it('out of the company hours sends the out-of-hours text and stops', () => {
    const closed = input();
    closed.settings.scheduleType = 'company';
    closed.settings.companySchedule = [
      {
        weekdayEn: 'tuesday',
        startTimeA: '13:00',
        endTimeA: '18:00',
        startTimeB: '',
        endTimeB: '',
      },
    ];
    const decision = decideInbound(closed);
    expect(decision.replies).toEqual(['Estamos fechados']);
    expect(decision.ticket.isOutOfHour).toBe(true);
  });

  it('asks consent first, then goes on to the menu on "1"', () => {
    const lgpd = input({ ticket: { status: 'lgpd' } });
    lgpd.settings.lgpdMessage = 'Usamos seus dados';
    const first = decideInbound(lgpd);
    expect(first.replies[0]).toBe('Usamos seus dados');
    expect(first.ticket.lgpdSendMessageAt).toEqual(now);
    const yes = decideInbound({
      ...lgpd,
      message: { body: '1', isAudio: false },
      ticket: { ...lgpd.ticket, lgpdSendMessageAt: now },
    });
    expect(yes.contactLgpdAcceptedAt).toEqual(now);
    expect(yes.ticket.status).toBe('pending');
    expect(yes.replies[0]).toContain('*[ 1 ]* - Vendas');
    expect(yes.greetingReply).toBe(0);
    const no = decideInbound({
      ...lgpd,
      message: { body: '2', isAudio: false },
      ticket: { ...lgpd.ticket, lgpdSendMessageAt: now },
    });
    expect(no.close).toBe('completion');
  });

  it('asks consent again after another answer, without a chatBot log, while re-asks last', () => {
    const asked = input({
      ticket: { status: 'lgpd', lgpdSendMessageAt: now },
      message: { body: 'talvez', isAudio: false },
    });
    const again = decideInbound(asked);
    expect(again.replies).toEqual([`${asked.texts.invalidOption}\n\n${asked.texts.lgpdChoice}`]);
    expect(again.ticket).toMatchObject({ amountUsedBotQueues: 1, botAskedAt: now });
    expect(again.logs).toEqual([]);
    const spent = decideInbound({
      ...asked,
      ticket: { ...asked.ticket, amountUsedBotQueues: asked.connection.maxUseBotQueues },
    });
    expect(spent.replies).toEqual([]);
  });

  it('a rating 0–10 closes the ticket; anything else re-asks up to maxUseBotQueuesNPS', () => {
    const nps = input({ ticket: { status: 'nps' }, message: { body: '9', isAudio: false } });
    expect(decideInbound(nps)).toMatchObject({ ticket: { userRating: 9 }, close: 'completion' });
    // the customer is thanked, in the bot's language, before the completion message closes
    expect(decideInbound(nps).replies).toEqual([BotTextsByLanguage['pt-BR'].ratingThanks]);
    expect(
      decideInbound({
        ...nps,
        texts: BotTextsByLanguage.en,
        message: { body: '0', isAudio: false },
      }).replies,
    ).toEqual(['Thank you for your rating! It helps us improve our service.']);
    const bad = decideInbound({ ...nps, message: { body: '11', isAudio: false } });
    expect(bad.replies[0]).toContain('Dê uma nota de 0 a 10');
    expect(bad.replies).not.toContain(BotTextsByLanguage['pt-BR'].ratingThanks);
    const spent = decideInbound({
      ...nps,
      message: { body: 'x', isAudio: false },
      ticket: { ...nps.ticket, amountUsedBotQueuesNps: 2 },
    });
    expect(spent.replies).toEqual([]);
  });

  it('answers audio with the text-only notice when audio is not accepted', () => {
    const audio = input({
      message: { body: '', isAudio: true },
      ticket: { queueId: 1, userId: 5, status: 'open' },
    });
    audio.contact.acceptAudioMessage = false;
    expect(decideInbound(audio).replies[0]).toContain('escreva sua mensagem');
  });

  it('stays quiet while an agent holds the ticket or the contact has the bot disabled', () => {
    expect(decideInbound(input({ ticket: { userId: 3, status: 'open' } })).replies).toEqual([]);
    const off = input();
    off.contact.disableBot = true;
    expect(decideInbound(off).replies).toEqual([]);
  });
});

describe('small rules', () => {
  it('parses choices and ratings', () => {
    expect(parseChoice(' 2 ')).toBe(2);
    expect(parseChoice('*3*')).toBe(3);
    expect(parseChoice('2a')).toBeNull();
    expect(parseRating('10')).toBe(10);
    expect(parseRating('11')).toBeNull();
  });

  it('throttles re-asks by count and by minutes', () => {
    expect(mayAskAgain(3, 3, null, 0, now)).toBe(false);
    expect(mayAskAgain(0, 3, new Date(now.getTime() - 60_000), 5, now)).toBe(false);
    expect(mayAskAgain(0, 3, new Date(now.getTime() - 6 * 60_000), 5, now)).toBe(true);
    expect(mayAskAgain(99, 0, null, 0, now)).toBe(true);
  });

  it('reads working hours in the company time zone, two ranges a day', () => {
    const grid = [
      {
        weekdayEn: 'tuesday',
        startTimeA: '08:00',
        endTimeA: '12:00',
        startTimeB: '13:00',
        endTimeB: '18:00',
      },
    ];
    expect(withinWorkingHours(grid, new Date('2026-11-24T14:59:00Z'), 'America/Sao_Paulo')).toBe(
      true,
    );
    expect(withinWorkingHours(grid, now, 'America/Sao_Paulo')).toBe(false); // 12:00 lunch
    expect(withinWorkingHours(grid, new Date('2026-11-24T16:00:00Z'), 'America/Sao_Paulo')).toBe(
      true,
    );
    expect(withinWorkingHours(grid, new Date('2026-11-25T16:00:00Z'), 'America/Sao_Paulo')).toBe(
      false,
    );
    expect(withinWorkingHours([], now, 'America/Sao_Paulo')).toBe(true);
  });
});

describe('external bots', () => {
  it('gives every message to the connection integration, before any menu', () => {
    const decision = decideInbound(input({ connection: connection({ integrationId: 7 }) }));
    expect(decision.handOff).toEqual({ bot: { integrationId: 7 }, forward: true });
    expect(decision.replies).toEqual([]);
  });

  it('uses the connection prompt only while the ticket has no queue', () => {
    const withPrompt = connection({ promptId: 3 });
    expect(decideInbound(input({ connection: withPrompt })).handOff).toEqual({
      bot: { promptId: 3 },
      forward: true,
    });
    const queued = decideInbound(
      input({
        connection: withPrompt,
        ticket: { queueId: 1 },
        message: { body: 'oi', isAudio: false },
      }),
    );
    expect(queued.handOff).toBeUndefined();
  });

  it("keeps talking to the ticket's integration, then its prompt", () => {
    expect(
      decideInbound(input({ ticket: { queueId: 1, useIntegration: true, integrationId: 4 } }))
        .handOff,
    ).toEqual({ bot: { integrationId: 4 }, forward: true });
    expect(decideInbound(input({ ticket: { queueId: 1, promptId: 9 } })).handOff).toEqual({
      bot: { promptId: 9 },
      forward: true,
    });
  });

  it('never hands off while an agent holds the ticket, the contact has its bot off, or a bot gave up', () => {
    const bot = connection({ integrationId: 7 });
    expect(
      decideInbound(input({ connection: bot, ticket: { botStoppedAt: now } })).handOff,
    ).toBeUndefined();
    expect(
      decideInbound(input({ connection: bot, ticket: { userId: 5, status: 'open' } })).handOff,
    ).toBeUndefined();
    expect(
      decideInbound(
        input({
          connection: bot,
          contact: { lgpdAcceptedAt: null, disableBot: true, acceptAudioMessage: true },
        }),
      ).handOff,
    ).toBeUndefined();
  });

  it('starts the chosen queue integration without passing the menu choice on', () => {
    const decision = decideInbound(
      input({
        connection: connection({
          queues: [queue(1, 'Vendas', { integrationId: 4 }), queue(2, 'Suporte')],
        }),
        ticket: { botAskedAt: now },
        message: { body: '1', isAudio: false },
      }),
    );
    expect(decision.ticket).toMatchObject({ queueId: 1, useIntegration: true, integrationId: 4 });
    expect(decision.handOff).toEqual({ bot: { integrationId: 4 }, forward: false });
  });

  it('passes the first message to the prompt of the only queue', () => {
    const decision = decideInbound(
      input({ connection: connection({ queues: [queue(1, 'Vendas', { promptId: 2 })] }) }),
    );
    expect(decision.ticket).toMatchObject({ queueId: 1, promptId: 2 });
    expect(decision.handOff).toEqual({ bot: { promptId: 2 }, forward: true });
  });
});

describe('the bot language', () => {
  const en = BotTextsByLanguage.en;

  it('speaks the installation language in menus and re-asks', () => {
    const tree = connection({
      queues: [
        queue(1, 'Sales', {
          options: [
            {
              id: 11,
              name: 'Plans',
              greetingMessage: '',
              queueType: 'text',
              closeTicket: false,
              optQueueId: null,
              optUserId: null,
              optIntegrationId: null,
              optFileId: null,
              options: [],
            },
          ],
        }),
        queue(2, 'Support'),
      ],
    });
    const entered = decideInbound(
      input({
        texts: en,
        connection: tree,
        message: { body: '1', isAudio: false },
        ticket: { botAskedAt: now },
      }),
    );
    expect(entered.replies[0]).toBe(
      'Bem-vindo a Sales\n\n*[ 1 ]* - Plans\n*[ # ]* - Back\n*[ Exit ]* - End conversation',
    );
    const invalid = decideInbound(
      input({ texts: en, message: { body: 'x', isAudio: false }, ticket: { botAskedAt: now } }),
    );
    expect(invalid.replies[0]).toMatch(/^\*Invalid option\*/);
  });

  it('leaves with the language exit word and still with "Sair"', () => {
    for (const [texts, word] of [
      [en, 'exit'],
      [BotTextsByLanguage.es, 'SALIR'],
      [BotTextsByLanguage.tr, 'cikis'],
      [BotTextsByLanguage.tr, 'Çıkış'],
      [en, 'Sair'],
    ] as const) {
      const decision = decideInbound(
        input({ texts, message: { body: word, isAudio: false }, ticket: { botAskedAt: now } }),
      );
      expect(decision.close).toBe('completion');
    }
  });
});

describe('calls', () => {
  it('answers a call with the "calls disabled" notice only while acceptCallWhatsapp is on', () => {
    const pt = BotTextsByLanguage['pt-BR'];
    expect(callReplies({ acceptCallWhatsapp: true }, pt)).toEqual([pt.callRejected]);
    expect(callReplies({ acceptCallWhatsapp: false }, pt)).toEqual([]);
    expect(callReplies({ acceptCallWhatsapp: true }, BotTextsByLanguage.es)[0]).toMatch(
      /^Las llamadas/,
    );
  });
});
