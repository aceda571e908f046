import { jest } from '@jest/globals';
import { emptyOnDutyDays, type OnDutyRecord, type UserRecord } from '@sb/contracts';
import { localMoment } from '@sb/platform/clock';
import pg from 'pg';
import {
  startConversationStack,
  type RunningConversationStack,
} from '../support/conversation-stack.js';

// Who gets a ticket, and what the contact and the on-duty staff are told (the "Assignment" and "On
// duty" steps of the automation), over the real services: the contact writes through signed webhooks, agents come online
// by opening a socket on the gateway, time moves with the tickets service's clock.

jest.setTimeout(60_000);

const AllDay = { startWork: '00:00', endWork: '23:59' };
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

describe('conversation assignment', () => {
  let stack: RunningConversationStack;
  /** the company's zone (the default: the stack's company has none of its own) */
  const companyZone = 'America/Sao_Paulo';

  /** A working window of an hour, six hours away from the tickets clock's now: the user is off hours. */
  const offHours = () => {
    const { minute } = localMoment(stack.clock.now(), companyZone);
    return { startWork: hhmm((minute + 360) % 1440), endWork: hhmm((minute + 420) % 1440) };
  };
  const setHours = (actor: 'admin' | 'agent', hours: { startWork: string; endWork: string }) =>
    stack.api<UserRecord>('admin', 'PUT', `/users/${stack.users[actor].id}`, hours);

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'conversation_assignment',
      ticketsEnv: { TICKETS_ROUTER_POLL_MS: '50' },
    });
    const vendas = await stack.createQueue({
      name: 'Vendas',
      greetingMessage: 'Vendas, um momento.',
    });
    const rodizio = await stack.createQueue({
      name: 'Rodízio',
      greetingMessage: 'Rodízio, um momento.',
      ativarRoteador: true,
      tempoRoteador: 2,
    });
    // the admin works both queues too
    await stack.api('admin', 'PUT', `/users/${stack.users.admin.id}`, {
      queueIds: [vendas.id, rodizio.id],
    });
    await stack.updateConnection({
      greetingMessage: 'Olá! Escolha um setor:',
      complationMessage: 'Atendimento encerrado. Obrigado!',
      queueIds: [vendas.id, rodizio.id],
    });
    // only the agent has the app open; the admin comes online in the first test
    await stack.goOnline('agent');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  beforeEach(() => {
    // identity reads "online" as seen within 6 minutes of the router's moment: each test starts at now
    stack.clock.set(new Date());
  });

  it('gives a ticket entering a queue to an online agent in working hours when userRandom is on', async () => {
    await stack.setCompanySetting('userRandom', 'enabled');
    const enterVendas = (number: string, name: string) =>
      stack.conversation({ number, name }).run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact says 1
        ticket queue is Vendas
      `);
    try {
      // the admin, also of the queue and in working hours, is offline: never picked
      await Promise.all([
        enterVendas('5511970000001', 'Bia'),
        enterVendas('5511970000002', 'Caio'),
      ]);
      for (const number of ['5511970000001', '5511970000002']) {
        await stack.conversation({ number }).run(`
          ticket user is agent
          ticket is pending
        `);
      }

      // online, but outside the startWork–endWork window: never picked either
      await stack.goOnline('admin');
      await setHours('admin', offHours());
      await Promise.all([
        enterVendas('5511970000003', 'Duda'),
        enterVendas('5511970000004', 'Edu'),
      ]);
      for (const number of ['5511970000003', '5511970000004']) {
        await stack.conversation({ number }).run('ticket user is agent');
      }

      // the admin back in hours and the agent out of them: the admin gets the next one
      await setHours('admin', AllDay);
      await setHours('agent', offHours());
      await enterVendas('5511970000005', 'Fabi');
      await stack.conversation({ number: '5511970000005' }).run(`
        ticket user is admin
        ticket is pending
      `);
    } finally {
      await setHours('agent', AllDay);
      await setHours('admin', AllDay);
      await stack.setCompanySetting('userRandom', 'disabled');
    }
  });

  it('leaves a ticket of a queue without rotation to whoever accepts it while userRandom is off', async () => {
    const gil = stack.conversation({ number: '5511970000006', name: 'Gil' });
    await gil.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 1
      ticket queue is Vendas
      wait 500 ms
      ticket user is none
      ticket is pending
    `);
  });

  it('rotates a pending ticket nobody took to the next available agent every tempoRoteador minutes', async () => {
    const hugo = stack.conversation({ number: '5511970000007', name: 'Hugo' });
    // the admin is off hours when the ticket arrives: the router gives it to the agent
    await setHours('admin', offHours());
    try {
      await hugo.run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact says 2
        ticket queue is Rodízio
        ticket user is agent
      `);
      await setHours('admin', AllDay);
      await hugo.run(`
        # not yet: tempoRoteador is 2 minutes
        advance clock 1 min
        wait 300 ms
        ticket user is agent
        advance clock 1 min
        ticket user is admin
        ticket is pending
        advance clock 2 min
        ticket user is agent
        # accepted: the router leaves it alone
        agent accepts
        ticket is open
        advance clock 2 min
        wait 300 ms
        ticket user is agent
        ticket is open
      `);
    } finally {
      await setHours('admin', AllDay);
    }
  });

  it('greets on accept, tells the contact about a transfer, and says the farewell on close', async () => {
    await stack.setCompanySetting('sendGreetingAccepted', 'enabled');
    await stack.setCompanySetting('sendMsgTransfTicket', 'enabled');
    await stack.api('admin', 'PUT', `/users/${stack.users.agent.id}`, {
      farewellMessage: 'Até logo, foi um prazer!',
    });
    try {
      const iara = stack.conversation({ number: '5511970000008', name: 'Iara' });
      await iara.run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact says 1
        ticket queue is Vendas
        agent accepts
        bot answers "Olá *Iara*, meu nome é *Ana Agent* e agora vou prosseguir com seu atendimento!"
        agent transfers to queue Rodízio
        bot answers "Você foi transferido para o departamento *Rodízio*, aguarde, já vamos te atender!"
        ticket is pending
        admin accepts
        bot answers "meu nome é"
        admin transfers to agent
        bot answers "Você foi transferido para o atendente *Ana Agent*."
        ticket user is agent
        # the agent's own farewell comes before the connection's completion message
        agent closes
        bot answers "Até logo, foi um prazer!"
        ticket is closed
        bot stays silent for 300 ms
      `);

      // the admin has no farewell of their own: the connection's completion message
      const joao = stack.conversation({ number: '5511970000009', name: 'João' });
      await joao.run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact says 1
        admin accepts
        bot answers "Olá *João*"
        admin closes
        bot answers "Atendimento encerrado. Obrigado!"
        ticket is closed
      `);
    } finally {
      await stack.setCompanySetting('sendGreetingAccepted', 'disabled');
      await stack.setCompanySetting('sendMsgTransfTicket', 'disabled');
      await stack.api('admin', 'PUT', `/users/${stack.users.agent.id}`, { farewellMessage: '' });
    }
  });

  it('says the farewell when closing a waiting ticket only with sendFarewellWaitingTicket', async () => {
    const lia = stack.conversation({ number: '5511970000010', name: 'Lia' });
    await lia.run(`
      contact says Oi
      bot answers "Escolha um setor"
      contact says 1
      bot answers "Vendas, um momento."
      ticket is pending
      admin closes
      ticket is closed
      bot stays silent for 500 ms
    `);
    await stack.setCompanySetting('sendFarewellWaitingTicket', 'enabled');
    try {
      const mel = stack.conversation({ number: '5511970000011', name: 'Mel' });
      await mel.run(`
        contact says Oi
        bot answers "Escolha um setor"
        contact says 1
        bot answers "Vendas, um momento."
        ticket is pending
        admin closes
        bot answers "Atendimento encerrado. Obrigado!"
        ticket is closed
      `);
    } finally {
      await stack.setCompanySetting('sendFarewellWaitingTicket', 'disabled');
    }
  });
});

describe('conversation on-duty alerts (plantão)', () => {
  let stack: RunningConversationStack;
  const dutyPhone = '5511977770000';
  const goneDutyPhone = '5511977770001';
  /**
   * The company's own zone, where it is between 03:00 and 21:00 now (Tokyo or Lisbon: one of them
   * always is). The on-duty window is read there; on the installation's São Paulo clock it is off.
   */
  const zone = ['Asia/Tokyo', 'Europe/Lisbon'].find((candidate) => {
    const { minute } = localMoment(new Date(), candidate);
    return minute >= 180 && minute < 1260;
  })!;

  /** Every day off but today (in `zone`), from half an hour ago to an hour and a half from now. */
  const onDutyNow = () => {
    const { weekday, minute } = localMoment(stack.clock.now(), zone);
    return emptyOnDutyDays().map((day) =>
      day.weekdayEn === weekday
        ? { ...day, startTime: hhmm(minute - 30), endTime: hhmm(minute + 90) }
        : day,
    );
  };

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'conversation_on_duty',
      campaigns: true,
      ticketsEnv: { TICKETS_ON_DUTY_POLL_MS: '50' },
    });
    // no API sets a company's time zone: the company row, as an installation would have it
    const identityDb = new pg.Client({ connectionString: stack.identityStack.database.url });
    await identityDb.connect();
    try {
      await identityDb.query('UPDATE identity.companies SET timezone = $1 WHERE id = $2', [
        zone,
        stack.companyId,
      ]);
    } finally {
      await identityDb.end();
    }
    // the Cloud API sends free text only within 24 hours of the person's last message: the on-duty
    // phones have written to the company's number (their own tickets closed before anyone is on duty)
    for (const phone of [dutyPhone, goneDutyPhone]) {
      await stack.conversation({ number: phone, name: `Plantonista ${phone.slice(-1)}` }).run(`
        contact says Estou de plantão hoje
        admin closes without farewell
        ticket is closed
      `);
    }
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('alerts the on-duty phone every interval while the ticket waits, in the company time zone, until an agent accepts', async () => {
    await stack.api<OnDutyRecord>('admin', 'POST', '/plantao', {
      userId: stack.users.agent.id,
      phone: dutyPhone,
      interval: 2,
      days: onDutyNow(),
    });
    const nina = stack.conversation({ number: '5511970000020', name: 'Nina' });
    await nina.run(`
      contact says Olá, alguém pode me atender?
      ticket is pending
      phone ${dutyPhone} receives /^Plantão: o ticket #\\d+ de Nina aguarda atendimento\\.$/
      phone ${dutyPhone} stays silent for 300 ms
      advance clock 1 min
      phone ${dutyPhone} stays silent for 300 ms
      advance clock 1 min
      phone ${dutyPhone} receives "de Nina aguarda atendimento"
      agent accepts
      ticket is open
      advance clock 2 min
      phone ${dutyPhone} stays silent for 500 ms
      advance clock 10 min
      phone ${dutyPhone} stays silent for 300 ms
    `);
    const ticket = await nina.ticket.current();
    expect(nina.sentTo(dutyPhone).map((send) => send.text)).toEqual([
      `Plantão: o ticket #${ticket.id} de Nina aguarda atendimento.`,
      `Plantão: o ticket #${ticket.id} de Nina aguarda atendimento.`,
    ]);
    // the contact was never told about it
    expect(nina.sent()).toEqual([]);
  });

  it('stops alerting a deleted user', async () => {
    const gone = await stack.api<UserRecord>('admin', 'POST', '/users', {
      name: 'Otto Plantão',
      email: 'otto@conversation-on-duty.test',
      password: 'otto-on-duty-pw',
      profile: 'user',
    });
    await stack.api<OnDutyRecord>('admin', 'POST', '/plantao', {
      userId: gone.id,
      phone: goneDutyPhone,
      interval: 2,
      days: onDutyNow(),
    });
    const olga = stack.conversation({ number: '5511970000021', name: 'Olga' });
    await olga.run(`
      contact says Oi, preciso de ajuda
      phone ${dutyPhone} receives "de Olga aguarda atendimento"
      phone ${goneDutyPhone} receives "de Olga aguarda atendimento"
    `);
    await stack.api('admin', 'DELETE', `/users/${gone.id}`);
    // campaigns drops the entry on identity's user.deleted
    for (let i = 0; i < 100; i++) {
      const entries = await stack.api<OnDutyRecord[]>('admin', 'GET', '/plantao');
      if (!entries.some((entry) => entry.userId === gone.id)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await olga.run(`
      advance clock 2 min
      phone ${dutyPhone} receives "de Olga aguarda atendimento"
      phone ${goneDutyPhone} stays silent for 500 ms
    `);
    const entries = await stack.api<OnDutyRecord[]>('admin', 'GET', '/plantao');
    expect(entries.map((entry) => entry.user.name)).toEqual(['Ana Agent']);
  });
});
