// The ticket workspace at size (issue 4, "Fast"): 100 companies and 1,000,000 tickets in all, one company
// with 200,000 tickets and 2,000,000 messages, seeded with SQL. Measured through the gateway over HTTP as
// users of the big company: the first page of the open tab (admin with showAll, agent with queues), the
// search by contact name and by message text, a page of messages of long conversations, and a text answer
// from the HTTP request until a second user's socket receives the `company-<id>-appMessage` create event.
// Channel sends (`connectors.message.send`) are answered by an instant stand-in, so the figure is our own
// path. At the end the SQL statements of the slowest measured call are captured and the slowest one is
// printed with EXPLAIN (ANALYZE, BUFFERS). `BENCH_SCALE=0.1` seeds a tenth for a quick run.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { io } from 'socket.io-client';
import {
  driveLoad,
  envNumber,
  gatewayCall,
  latencyMetrics,
  writeResult,
} from './bench-harness.mjs';
import { benchNatsUrl, freshDatabase } from './bench-infra.mjs';

const name = 'tickets-list';
const scale = envNumber('BENCH_SCALE', 1);
const iterations = Math.round(envNumber('BENCH_ITERATIONS', 200));
const warmup = 20;
const companies = 100;
const totalTickets = Math.round(1_000_000 * scale);
const bigTickets = Math.round(200_000 * scale);
const bigMessages = Math.round(2_000_000 * scale);
/** every contact has an older (closed) ticket and a newer one (active one time in five) */
const ticketsPerContact = 2;
/** one ticket in a hundred is a long conversation */
const heavyEvery = 100;
/** the other tickets of the big company carry 1..14 messages (7.5 on average) */
const lightMessagesAverage = 7.5;
const targets = {
  list_open_p95_ms: 25,
  search_p95_ms: 150,
  messages_p95_ms: 20,
  send_to_socket_p95_ms: 50,
  accept_p95_ms: 25,
  transfer_p95_ms: 25,
  close_p95_ms: 25,
};
/** the open tab under load: at least this many requests per second (`list_open_rps_16`) */
const minListOpenRps = 500;
const password = 'bench-password-1';
const root = { email: 'root@tickets-list.test', password };

process.env.LOG_LEVEL ??= 'warn';

const firstNames = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Antônio',
  'Francisca',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luíza',
  'Mariana',
  'Gabriel',
  'Rafael',
  'Fernanda',
  'Juliana',
  'Márcia',
  'Cláudia',
  'Sérgio',
  'Fábio',
  'André',
  'Bruna',
  'Camila',
  'Débora',
  'Eduardo',
  'Felipe',
  'Gustavo',
  'Helena',
  'Igor',
  'Júlio',
  'Karina',
  'Leandro',
  'Mônica',
  'Natália',
  'Otávio',
  'Patrícia',
  'Renato',
  'Simone',
  'Tiago',
  'Vinícius',
  'Wagner',
  'Yasmin',
  'Conceição',
  'Raimundo',
  'Sebastião',
  'Aline',
  'Bianca',
  'César',
  'Diego',
  'Elaine',
  'Flávia',
  'Gisele',
  'Heitor',
  'Inês',
  'Jéssica',
  'Kátia',
  'Lívia',
  'Marcelo',
  'Nathan',
  'Olívia',
  'Priscila',
  'Quésia',
  'Rodrigo',
  'Sabrina',
  'Tânia',
  'Úrsula',
  'Valéria',
  'Wellington',
  'Xavier',
  'Zélia',
  'Alícia',
  'Benício',
  'Caio',
  'Daniela',
  'Érica',
  'Fabrício',
  'Gláucia',
  'Hugo',
  'Isadora',
  'Joaquim',
];
const lastNames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Brandão',
  'Magalhães',
  'Assunção',
  'Falcão',
  'Guimarães',
  'Müller',
  'Peçanha',
  'Simões',
  'Antunes',
  'Batista',
  'Campos',
  'Duarte',
  'Esteves',
  'Fonseca',
  'Garcia',
  'Honorato',
  'Jardim',
  'Leão',
  'Macedo',
  'Neves',
  'Pacheco',
  'Quintana',
  'Rezende',
  'Sampaio',
  'Tavares',
  'Valente',
  'Xavier',
  'Zanetti',
  'Amaral',
  'Bezerra',
  'Coelho',
  'Domingues',
  'Estrela',
  'Farias',
  'Galvão',
  'Holanda',
  'Jesus',
  'Lacerda',
  'Monteiro',
  'Novaes',
  'Paiva',
  'Queiroz',
  'Sá',
];
// most messages are small talk; one in ten names a product, three in ten an order number
const chatter = [
  'Bom dia, tudo bem?',
  'Boa tarde!',
  'Olá, preciso de ajuda',
  'Obrigado pelo retorno',
  'Certo, vou verificar',
  'Pode me enviar mais detalhes?',
  'Aguardo sua resposta',
  'Perfeito',
  'Já resolvi, obrigada',
  'Não recebi ainda',
  'Qual o prazo?',
  'Ok, combinado',
  'Vou encaminhar para o setor responsável',
  'Um momento, por favor',
  'Está tudo certo agora?',
  'Consegue confirmar o endereço de entrega?',
  'O pagamento foi aprovado',
  'Ainda não chegou',
  'Muito obrigado pela atenção',
  'Vou aguardar',
  'Pode ser amanhã?',
  'Estou sem acesso ao app',
  'Recebi o código',
  'Enviei o comprovante',
  'Qual o valor do frete?',
  'Tem desconto à vista?',
];
const products = [
  'geladeira',
  'notebook',
  'liquidificador',
  'ventilador',
  'cafeteira',
  'televisor',
  'impressora',
  'micro-ondas',
  'aspirador',
  'bicicleta',
  'colchão',
  'fogão',
  'torradeira',
  'batedeira',
  'secadora',
  'purificador',
  'climatizador',
  'churrasqueira',
  'patinete',
  'smartwatch',
  'headphone',
  'roteador',
  'monitor',
  'teclado',
  'cadeira gamer',
  'escrivaninha',
  'sofá retrátil',
  'guarda-roupa',
  'mochila',
  'panela elétrica',
  'fritadeira',
  'projetor',
  'câmera',
  'tablet',
  'console',
  'lava-louças',
  'ar-condicionado',
  'furadeira',
  'parafusadeira',
  'umidificador',
];
const productPhrases = [
  'o %s chegou com defeito',
  'quero trocar o %s',
  'qual a garantia do %s?',
  'o %s ainda está disponível?',
  'comprei um %s e não funciona',
  'cancelar o pedido do %s',
];

const { createBus, createInProcessBus } = await import('@sb/platform/bus');
const { createLogger } = await import('@sb/platform/logger');
const { startGateway } = await import('@sb/gateway');
const { startIdentityService } = await import('@sb/identity');
const { startTicketsService } = await import('@sb/tickets');
const { dropTestNatsNamespace } = await import('@sb/testing');

// Captures the SQL the services send (same `pg` module in this process) while `capturing` is set.
let captured = null;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function captureQuery(config, values, callback) {
  if (!captured) return clientQuery.call(this, config, values, callback);
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : (config?.values ?? []);
  const started = performance.now();
  const record = () => captured?.push({ text, params, ms: performance.now() - started });
  if (typeof callback === 'function') {
    return clientQuery.call(this, config, values, (...args) => {
      record();
      callback(...args);
    });
  }
  if (typeof values === 'function') {
    return clientQuery.call(this, config, (...args) => {
      record();
      values(...args);
    });
  }
  const result = clientQuery.call(this, config, values);
  if (result && typeof result.then === 'function') void result.then(record, record);
  return result;
};

// the machine is shared: its load beside the figures says how far they can be compared
const loadAtStart = loadavg()[0];
const database = await freshDatabase(name.replace('-', '_'));
const natsUrl = await benchNatsUrl();
const namespace = `bench${Date.now()}`;
const closers = [() => database.drop()];
const seconds = (ms) => Math.round(ms / 100) / 10;
try {
  const bus = natsUrl
    ? await createBus({ natsUrl, namespace, name: 'bench' })
    : createInProcessBus({});
  closers.push(() => bus.close());
  // the bus requests of the process (gateway and services share this client) while `busRequests` is set
  let busRequests = null;
  const request = bus.request.bind(bus);
  bus.request = (subject, payload, ...rest) => {
    busRequests?.push({
      subject,
      requestId: payload?.ctx?.requestId,
      companyId: payload?.ctx?.companyId,
    });
    return request(subject, payload, ...rest);
  };
  if (natsUrl) closers.push(() => dropTestNatsNamespace(natsUrl, namespace));
  const env = {
    ...process.env,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_EMAIL: root.email,
    ADMIN_PASSWORD: root.password,
    AUTH_RATE_LIMIT: '0',
  };

  // connectors stands in: three Cloud API connections, every send accepted at once
  const connection = (companyId, id) => ({
    id,
    companyId,
    name: `Bench ${id}`,
    number: null,
    channel: 'whatsappapi',
    status: 'CONNECTED',
    isDefault: id === 1,
    qrcode: null,
    retries: 0,
    updatedAt: new Date().toISOString(),
    token: null,
    greetingMessage: null,
    complationMessage: null,
    outOfHoursMessage: null,
    ratingMessage: null,
    provider: 'beta',
    maxUseBotQueues: 3,
    timeUseBotQueues: 0,
    expiresTicket: 0,
    expiresTicketNPS: 0,
    whenExpiresTicket: '0',
    expiresInactiveMessage: null,
    timeInactiveMessage: 0,
    inactiveMessage: null,
    maxUseBotQueuesNPS: 3,
    timeSendQueue: 0,
    sendIdQueue: null,
    timeCreateNewTicket: 0,
    allowGroup: false,
    groupAsTicket: 'disabled',
    greetingMediaAttachment: null,
    importOldMessages: null,
    importRecentMessages: null,
    importOldMessagesGroups: false,
    closedTicketsPostImported: false,
    statusImportMessages: null,
    integrationId: null,
    promptId: null,
    queueIds: [],
    schedules: [],
  });
  let sent = 0;
  await bus.handle('connectors.connection.get', async ({ ctx, data }) =>
    connection(ctx.companyId, data.id),
  );
  await bus.handle('connectors.connection.list', async ({ ctx }) =>
    [1, 2, 3].map((id) => connection(ctx.companyId, id)),
  );
  await bus.handle('connectors.message.send', async () => ({
    externalId: `wamid.BENCH${(sent += 1)}`,
    ack: 1,
    sentAt: new Date().toISOString(),
  }));
  await bus.handle('connectors.message.read', async () => ({ ok: true }));

  const identity = await startIdentityService({
    bus,
    databaseUrl: database.url,
    logger: createLogger('identity'),
    env,
  });
  closers.push(() => identity.close());
  const tickets = await startTicketsService({
    bus,
    databaseUrl: database.url,
    logger: createLogger('tickets'),
    env,
  });
  closers.push(() => tickets.close());
  const gateway = await startGateway({
    bus,
    port: 0,
    host: '127.0.0.1',
    webOrigins: ['http://localhost:3000'],
    logger: createLogger('gateway'),
    env,
  });
  closers.push(() => gateway.close());
  await gateway.revokedSessionsLoaded;
  const apiUrl = gateway.url;

  const call = gatewayCall(apiUrl);
  const login = (email) => call(null, 'POST', '/auth/login', { email, password });

  // identity: company 1 (seeded) with three queues, an admin, the agents, and the watching second user
  const superSession = await login(root.email);
  const companyId = superSession.user.companyId;
  const queueIds = [];
  for (const [queue, color] of [
    ['Vendas', '#336699'],
    ['Suporte', '#993366'],
    ['Financeiro', '#669933'],
  ]) {
    const created = await call(superSession.token, 'POST', '/queue', {
      name: queue,
      color,
      greetingMessage: `Bem-vindo ao ${queue}`,
    });
    queueIds.push(created.id);
  }
  const people = [
    ['admin', 'admin', queueIds],
    ['agent', 'user', queueIds.slice(0, 2)],
    ['watcher', 'user', queueIds],
    ...[1, 2, 3, 4, 5].map((n) => [`agent${n}`, 'user', [queueIds[n % 3]]]),
  ];
  const users = {};
  for (const [role, profile, queues] of people) {
    const email = `${role}@tickets-list.test`;
    const user = await call(superSession.token, 'POST', '/users', {
      name: `Bench ${role}`,
      email,
      password,
      profile,
      queueIds: queues,
    });
    users[role] = { id: user.id, token: (await login(email)).token };
  }
  const agentIds = Object.values(users).map((user) => user.id);

  // seed: contacts, tickets and messages in bulk, indexes built once after the load, then ANALYZE
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  closers.push(() => db.end());
  const seedStarted = performance.now();
  const seed = await seedTickets(db, { companyId, queueIds, agentIds });
  const seedMs = performance.now() - seedStarted;
  console.log(
    `seeded ${seed.tickets} tickets, ${seed.messages} messages, ${seed.contacts} contacts in ` +
      `${seconds(seedMs)} s (${seed.steps.map(([step, ms]) => `${step} ${seconds(ms)} s`).join(', ')})`,
  );

  // what the calls use: open tickets of the admin, long conversations, names and words to search
  const sample = async (sql, params) => (await db.query(sql, params)).rows;
  const heavyTickets = (
    await sample(
      `SELECT t.id FROM tickets.tickets t WHERE t.company_id = $1 AND t.id % $2 = 0
        ORDER BY t.status = 'closed', t.id LIMIT 50`,
      [companyId, heavyEvery],
    )
  ).map((row) => row.id);
  const sendTickets = (
    await sample(
      `SELECT id FROM tickets.tickets WHERE company_id = $1 AND status = 'open' AND user_id = $2 AND queue_id IS NOT NULL
        ORDER BY id LIMIT 20`,
      [companyId, users.admin.id],
    )
  ).map((row) => row.id);
  const contactNames = (
    await sample(
      `SELECT name FROM tickets.contacts WHERE company_id = $1 ORDER BY id % 997, id LIMIT 50`,
      [companyId],
    )
  ).map((row) => row.name.split(' ').slice(0, 2).join(' '));
  const orderNumbers = (
    await sample(
      `SELECT substring(body from 'pedido ([0-9]{6})') AS n FROM tickets.messages
        WHERE company_id = $1 AND body LIKE '%pedido %' ORDER BY id LIMIT 50`,
      [companyId],
    )
  ).map((row) => `pedido ${row.n}`);
  const searches = [
    ...contactNames.map((term) => ({ kind: 'name', term })),
    ...products.map((term) => ({ kind: 'text', term })),
    ...orderNumbers.map((term) => ({ kind: 'text', term })),
  ];
  if (!heavyTickets.length || !sendTickets.length)
    throw new Error('the seed has no tickets to use');

  const query = (params) => `/tickets?${new URLSearchParams(params).toString()}`;
  const calls = {
    list_open_admin: (i) =>
      call(
        users.admin.token,
        'GET',
        query({ status: 'open', showAll: 'true', pageNumber: String(1 + (i % 1)) }),
      ),
    list_open_agent: () =>
      call(
        users.agent.token,
        'GET',
        query({ status: 'open', queueIds: JSON.stringify(queueIds.slice(0, 2)), pageNumber: '1' }),
      ),
    search_name: (i) => search(contactNames[i % contactNames.length]),
    search_text: (i) => {
      const text = searches.filter((s) => s.kind === 'text');
      return search(text[i % text.length].term);
    },
    messages: (i) =>
      call(users.admin.token, 'GET', `/messages/${heavyTickets[i % heavyTickets.length]}`),
  };
  function search(term) {
    return call(
      users.admin.token,
      'GET',
      query({ searchParam: term, showAll: 'true', pageNumber: '1' }),
    );
  }

  const timings = {};
  const searchHits = { name: [], text: [] };
  for (const [kind, run] of Object.entries(calls)) {
    for (let i = 0; i < warmup; i += 1) await run(i);
    const latencies = [];
    for (let i = 0; i < iterations; i += 1) {
      const started = performance.now();
      const page = await run(i);
      latencies.push(performance.now() - started);
      if (kind.startsWith('search_')) searchHits[kind.slice(7)].push(page.count);
    }
    timings[kind] = latencies;
    console.log(`${kind}: ${JSON.stringify(latencyMetrics('', latencies))}`);
  }

  // send-to-socket: the admin answers, the watcher (another agent, in the rooms the web app joins) sees it
  const watcher = await connectSocket(apiUrl, users.watcher.token);
  closers.push(() => watcher.close());
  const ack = (event, ...args) => watcher.timeout(5_000).emitWithAck(event, ...args);
  await ack('joinNotification');
  await ack('joinTickets', 'open');
  for (const id of sendTickets) {
    const answer = await ack('joinChatBox', String(id));
    if (!answer.ok) throw new Error(`joinChatBox ${id}: ${JSON.stringify(answer)}`);
  }
  const waiting = new Map();
  watcher.on(`company-${companyId}-appMessage`, (payload) => {
    if (payload?.action !== 'create') return;
    const resolve = waiting.get(payload.message?.body);
    if (resolve) resolve(performance.now());
  });
  const sendHttp = [];
  const sendToSocket = [];
  const sendOne = async (i, record) => {
    const body = `Resposta de teste ${i} ${Date.now()}`;
    const seen = new Promise((resolve, reject) => {
      waiting.set(body, resolve);
      setTimeout(() => reject(new Error(`no appMessage create for "${body}"`)), 5_000);
    });
    const started = performance.now();
    await call(users.admin.token, 'POST', `/messages/${sendTickets[i % sendTickets.length]}`, {
      body,
    });
    const answered = performance.now();
    const seenAt = await seen;
    waiting.delete(body);
    if (record) {
      sendHttp.push(answered - started);
      sendToSocket.push(seenAt - started);
    }
  };
  for (let i = 0; i < warmup; i += 1) await sendOne(i, false);
  for (let i = 0; i < iterations; i += 1) await sendOne(warmup + i, true);
  timings.send_to_socket = sendToSocket;
  console.log(`send_to_socket: ${JSON.stringify(latencyMetrics('', sendToSocket))}`);

  // accept, transfer and close: from the HTTP request until the watcher's socket shows the ticket so;
  // each pending ticket goes through the three in turn (the admin accepts, hands it to the agent, closes)
  const pendingTickets = (
    await sample(
      `SELECT id FROM tickets.tickets WHERE company_id = $1 AND status = 'pending' AND queue_id IS NOT NULL
        ORDER BY id LIMIT $2`,
      [companyId, warmup + iterations],
    )
  ).map((row) => row.id);
  if (pendingTickets.length < warmup + iterations)
    throw new Error('the seed has too few pending tickets');
  const ticketWaits = new Map();
  watcher.on(`company-${companyId}-ticket`, (payload) => {
    const wait = payload?.action === 'update' ? ticketWaits.get(payload.ticket?.id) : undefined;
    if (wait?.check(payload.ticket)) wait.resolve(performance.now());
  });
  const actions = {
    accept: {
      body: () => ({ status: 'open', userId: users.admin.id }),
      check: (t) => t.status === 'open' && t.userId === users.admin.id,
    },
    transfer: {
      body: () => ({ status: 'open', userId: users.agent.id, queueId: queueIds[0] }),
      check: (t) => t.userId === users.agent.id && t.queueId === queueIds[0],
    },
    close: { body: () => ({ status: 'closed' }), check: (t) => t.status === 'closed' },
  };
  const actionTimings = { accept: [], transfer: [], close: [] };
  const actionRequests = { accept: new Map(), transfer: new Map(), close: new Map() };
  // what an action asks another service for: the requests in its own context (the caller's request id,
  // set by the gateway), and any load of the company's replicas of identity or connectors made
  // meanwhile; the periodic jobs' requests (on-duty alerts, routing, other companies) are not the action's
  const replicaLoads = new Set([
    'identity.user.records',
    'identity.settings.company-list',
    'identity.company.schedules-get',
    'connectors.connection.list',
  ]);
  const countRequests = (kind, seen) => {
    const own = seen.find((r) => r.subject === 'tickets.ticket.update')?.requestId;
    const counts = actionRequests[kind];
    for (const r of seen) {
      if (r.subject === 'tickets.ticket.update') continue;
      if (r.requestId === own || (replicaLoads.has(r.subject) && r.companyId === companyId))
        counts.set(r.subject, (counts.get(r.subject) ?? 0) + 1);
    }
  };
  const act = async (kind, id, record) => {
    const { body, check } = actions[kind];
    const seen = new Promise((resolve, reject) => {
      ticketWaits.set(id, { check, resolve });
      setTimeout(() => reject(new Error(`no ticket update (${kind}) for ${id}`)), 5_000);
    });
    busRequests = [];
    const started = performance.now();
    await call(users.admin.token, 'PUT', `/tickets/${id}`, body());
    const seenAt = await seen;
    ticketWaits.delete(id);
    if (record) {
      actionTimings[kind].push(seenAt - started);
      countRequests(kind, busRequests);
    }
    busRequests = null;
  };
  for (const [i, id] of pendingTickets.entries()) {
    for (const kind of ['accept', 'transfer', 'close']) await act(kind, id, i >= warmup);
  }
  const requestsPerAction = {};
  for (const [kind, counts] of Object.entries(actionRequests)) {
    requestsPerAction[kind] = [...counts.values()].reduce((sum, n) => sum + n, 0) / iterations;
    console.log(
      `${kind}: ${JSON.stringify(latencyMetrics('', actionTimings[kind]))}, bus requests per action: ` +
        `${requestsPerAction[kind]} ${JSON.stringify(Object.fromEntries(counts))}`,
    );
  }

  // the open tab under load: 16 clients in closed loop for 20 s on the first page (admin, showAll)
  const loadDurationS = envNumber('BENCH_LOAD_S', 20);
  // the CPU this process (client, gateway and services) spends per request: comparable on a busy machine
  const cpuAtLoadStart = process.cpuUsage();
  const load = await driveLoad({
    concurrency: 16,
    durationMs: loadDurationS * 1000,
    maxIterations: 1_000_000,
    iteration: () =>
      call(users.admin.token, 'GET', query({ status: 'open', showAll: 'true', pageNumber: '1' })),
  });
  if (load.errors)
    throw new Error(`open tab under load: ${load.errors} errors ${load.firstErrors}`);
  const loadCpu = process.cpuUsage(cpuAtLoadStart);
  const listOpenRps = Math.round((load.iterations / load.elapsedMs) * 1000);
  const listOpenCpuMs =
    Math.round(((loadCpu.user + loadCpu.system) / 1000 / load.iterations) * 100) / 100;
  console.log(
    `list_open_rps_16: ${listOpenRps} (${load.iterations} in ${seconds(load.elapsedMs)} s, ` +
      `${listOpenCpuMs} ms of this process's CPU per request)`,
  );

  const p95 = (values) => latencyMetrics('', values).p95_ms;
  const metrics = {
    list_open_p95_ms: p95([...timings.list_open_admin, ...timings.list_open_agent]),
    search_p95_ms: p95([...timings.search_name, ...timings.search_text]),
    messages_p95_ms: p95(timings.messages),
    send_to_socket_p95_ms: p95(sendToSocket),
    accept_p95_ms: p95(actionTimings.accept),
    transfer_p95_ms: p95(actionTimings.transfer),
    close_p95_ms: p95(actionTimings.close),
    list_open_rps_16: listOpenRps,
    list_open_cpu_ms_per_request: listOpenCpuMs,
    accept_bus_requests: requestsPerAction.accept,
    transfer_bus_requests: requestsPerAction.transfer,
    close_bus_requests: requestsPerAction.close,
    ...latencyMetrics('list_open_admin_', timings.list_open_admin),
    ...latencyMetrics('list_open_agent_', timings.list_open_agent),
    ...latencyMetrics('search_name_', timings.search_name),
    ...latencyMetrics('search_text_', timings.search_text),
    ...latencyMetrics('messages_', timings.messages),
    ...latencyMetrics('send_http_', sendHttp),
    ...latencyMetrics('send_to_socket_', sendToSocket),
    ...latencyMetrics('accept_', actionTimings.accept),
    ...latencyMetrics('transfer_', actionTimings.transfer),
    ...latencyMetrics('close_', actionTimings.close),
    seed_s: seconds(seedMs),
    iterations,
  };

  // EXPLAIN of the slowest SQL statement of the call furthest over (or closest to) its target
  const ratios = [
    ['list_open_p95_ms', 'list_open_admin'],
    [
      'search_p95_ms',
      p95(timings.search_text) >= p95(timings.search_name) ? 'search_text' : 'search_name',
    ],
    ['messages_p95_ms', 'messages'],
  ].map(([metric, kind]) => ({ metric, kind, ratio: metrics[metric] / targets[metric] }));
  const worst = ratios.sort((a, b) => b.ratio - a.ratio)[0];
  captured = [];
  for (let i = 0; i < 5; i += 1) await calls[worst.kind](i);
  const statements = new Map();
  for (const q of captured) {
    if (/^\s*(WITH|SELECT)/i.test(q.text ?? '')) statements.set(q.text, q);
  }
  captured = null;
  // each distinct statement explained; the one with the longest execution is printed
  let slowest = null;
  const client = await db.connect();
  try {
    await client.query('SET search_path TO tickets, public');
    for (const statement of statements.values()) {
      // ANALYZE runs the statement: a data-modifying WITH would write again, so each one is explained
      // inside a transaction that is rolled back; one that cannot run twice (it inserts the ids it
      // already stored) gets the planner's estimate (EXPLAIN without ANALYZE)
      const explain = async (options) => {
        await client.query('BEGIN');
        try {
          const { rows } = await client.query(
            `EXPLAIN (${options}) ${statement.text}`,
            statement.params,
          );
          return rows.map((row) => row['QUERY PLAN']);
        } finally {
          await client.query('ROLLBACK');
        }
      };
      const plan = await explain('ANALYZE, BUFFERS').catch((error) => {
        if (error?.code !== '23505') throw error;
        return explain('COSTS');
      });
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1))?.[1] ?? 0);
      if (!slowest || ms > slowest.ms) slowest = { ...statement, ms, plan };
    }
  } finally {
    client.release();
  }
  if (slowest) {
    console.log(
      `\nslowest statement of ${worst.kind} (${slowest.ms} ms):\n${slowest.text.trim()}\n` +
        `params: ${JSON.stringify(slowest.params)}\n${slowest.plan.join('\n')}`,
    );
  }

  const file = writeResult(name, metrics, {
    bus: natsUrl ? 'nats' : 'in-process',
    database: database.kind,
    machine: {
      cores: cpus().length,
      load_average_1m_start: Math.round(loadAtStart * 100) / 100,
      load_average_1m_end: Math.round(loadavg()[0] * 100) / 100,
    },
    targets: { ...targets, list_open_rps_16: minListOpenRps },
    seed: {
      scale,
      companies,
      tickets: seed.tickets,
      contacts: seed.contacts,
      messages: seed.messages,
      big_company_tickets: seed.bigTickets,
      big_company_messages: seed.bigMessages,
      big_company_open: seed.bigOpen,
      heavy_ticket_messages: seed.heavyPerTicket,
    },
    search_matches: {
      name_median: median(searchHits.name),
      text_median: median(searchHits.text),
    },
    slowest: slowest ? { call: worst.kind, execution_ms: slowest.ms } : null,
  });
  console.log(`wrote ${file}`);
  for (const [metric, target] of Object.entries(targets)) {
    const verdict = metrics[metric] <= target ? 'ok' : 'MISSED';
    console.log(`${metric}: ${metrics[metric]} (target ≤ ${target}) ${verdict}`);
  }
  const rpsVerdict = listOpenRps >= minListOpenRps ? 'ok' : 'MISSED';
  console.log(`list_open_rps_16: ${listOpenRps} (target ≥ ${minListOpenRps}) ${rpsVerdict}`);
  for (const kind of Object.keys(actions)) {
    const verdict = requestsPerAction[kind] === 0 ? 'ok' : 'MISSED';
    console.log(`${kind}_bus_requests: ${requestsPerAction[kind]} (target 0) ${verdict}`);
  }
} finally {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

function connectSocket(url, token) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * Contacts, tickets and messages of 100 companies with SQL (`generate_series`). The secondary indexes of
 * the three tables are dropped for the load and rebuilt from their own definitions (the migration's), so
 * the plans measured are those of the migrated schema.
 */
async function seedTickets(db, { companyId, queueIds, agentIds }) {
  const steps = [];
  const step = async (label, run) => {
    const started = performance.now();
    const result = await run();
    steps.push([label, performance.now() - started]);
    return result;
  };
  const client = await db.connect();
  let released = false;
  const release = () => {
    if (!released) client.release();
    released = true;
  };
  try {
    await client.query('SET search_path TO tickets, public');
    await client.query("SET maintenance_work_mem = '512MB'");
    // foreign keys are not checked for rows built from their parents (superuser only; else checked)
    await client.query("SET session_replication_role = 'replica'").catch(() => undefined);
    const { rows: indexes } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'tickets' AND i.tablename IN ('contacts', 'tickets', 'messages')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                           WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX tickets.${index.indexname}`);

    const otherCompanies = companies - 1;
    const bigContacts = Math.round(bigTickets / ticketsPerContact);
    const otherContacts = Math.round(
      (totalTickets - bigTickets) / otherCompanies / ticketsPerContact,
    );
    const heavyCount = Math.floor(bigTickets / heavyEvery);
    const lightTotal = (bigTickets - heavyCount) * lightMessagesAverage;
    const heavyPerTicket = Math.max(1, Math.round((bigMessages - lightTotal) / heavyCount));

    await step('contacts', () =>
      client.query(
        `INSERT INTO contacts (company_id, name, number, search_name, channel, created_at, updated_at)
         SELECT s.company_id, s.name, s.number, search_text(s.name), 'whatsapp', s.at, s.at
           FROM (SELECT co.id AS company_id,
                        ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] || ' ' ||
                        ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] || ' ' ||
                        ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] AS name,
                        (5511900000000 + g)::text AS number,
                        now() - random() * interval '730 days' AS at
                   FROM (SELECT $1::int AS id, $2::int AS n
                         UNION ALL
                         (SELECT c, $5::int FROM generate_series(1, $6::int + 1) c
                           WHERE c <> $1 LIMIT $6::int)) co
                  CROSS JOIN LATERAL generate_series(1, co.n) g
                  ORDER BY co.id <> $1, co.id, g) s`,
        [companyId, bigContacts, firstNames, lastNames, otherContacts, otherCompanies],
      ),
    );
    // the older ticket of each contact is closed; the newer one is open or pending one time in ten each
    await step('tickets', () =>
      client.query(
        `INSERT INTO tickets (uuid, company_id, status, channel, contact_id, whatsapp_id, queue_id,
                              user_id, unread_messages, last_message, from_me, created_at, updated_at)
         SELECT gen_random_uuid(), s.company_id, s.status, 'whatsapp', s.contact_id, s.whatsapp_id,
                CASE WHEN s.company_id = $1 AND s.r % 20 <> 0
                     THEN ($2::int[])[1 + s.r % array_length($2::int[], 1)] END,
                CASE WHEN s.status = 'pending' THEN NULL
                     WHEN s.company_id = $1 THEN ($3::int[])[1 + s.r % array_length($3::int[], 1)] END,
                CASE WHEN s.status = 'pending' THEN 1 + s.r % 3 ELSE 0 END,
                ($4::text[])[1 + s.r % array_length($4::text[], 1)], s.r % 2 = 0,
                s.updated_at - interval '2 hours', s.updated_at
           FROM (SELECT c.company_id, c.id AS contact_id, 1 + (c.id + k) % 3 AS whatsapp_id,
                        floor(random() * 1000000)::int AS r,
                        CASE WHEN k = 1 THEN 'closed'
                             ELSE (ARRAY['open', 'pending', 'closed', 'closed', 'closed',
                                         'closed', 'closed', 'closed', 'closed', 'closed'])
                                  [1 + floor(random() * 10)::int] END AS status,
                        CASE WHEN k = 1 THEN now() - interval '30 days' - random() * interval '700 days'
                             ELSE now() - random() * interval '30 days' END AS updated_at
                   FROM contacts c CROSS JOIN generate_series(1, 2) k
                  ORDER BY c.company_id <> $1, c.id, k) s`,
        [companyId, queueIds, agentIds, chatter],
      ),
    );
    // active tickets of the last days: the open and pending tabs are recent
    await client.query(
      `UPDATE tickets SET updated_at = now() - random() * interval '3 days'
        WHERE status IN ('open', 'pending')`,
    );
    const bodySql = `
      ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int]
      || CASE WHEN random() < 0.1 THEN ' ' || replace(
           ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int], '%s',
           ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int]) ELSE '' END
      || CASE WHEN random() < 0.3 THEN ' pedido ' || (100000 + floor(random() * 900000)::int)::text
              ELSE '' END`;
    const messageColumns = `INSERT INTO messages (id, company_id, ticket_id, contact_id, queue_id, user_id,
                              body, from_me, read, ack, media_type, created_at, updated_at, wid)`;
    await step('messages', async () => {
      // the big company: long conversations (one ticket in a hundred) and short ones (1..14 messages)
      await client.query(
        `${messageColumns}
         SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.queue_id,
                CASE WHEN k % 2 = 0 THEN t.user_id END,
                ${bodySql}, k % 2 = 0, true, CASE WHEN k % 2 = 0 THEN 3 ELSE 0 END, 'chat',
                t.created_at + k * interval '1 second', t.created_at + k * interval '1 second',
                'wamid.seed' || t.id || '.' || k
           FROM tickets t
          CROSS JOIN LATERAL generate_series(1,
                 CASE WHEN t.id % $5 = 0 THEN $6::int ELSE 1 + (t.id * 37) % 14 END) k
          WHERE t.company_id = $1`,
        [companyId, chatter, productPhrases, products, heavyEvery, heavyPerTicket],
      );
      // the other companies: the last message of each ticket
      await client.query(
        `${messageColumns}
         SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.queue_id, NULL,
                ${bodySql}, false, true, 0, 'chat', t.updated_at, t.updated_at,
                'wamid.seed' || t.id || '.1'
           FROM tickets t WHERE t.company_id <> $1`,
        [companyId, chatter, productPhrases, products],
      );
    });
    await client.query(`SET session_replication_role = 'origin'`).catch(() => undefined);
    await step('indexes', async () => {
      // two builds at a time (two cores), each on its own connection
      const queue = [...indexes];
      const worker = async () => {
        const own = await db.connect();
        try {
          await own.query('SET search_path TO tickets, public');
          await own.query("SET maintenance_work_mem = '512MB'");
          for (let index = queue.shift(); index; index = queue.shift())
            await own.query(index.indexdef);
        } finally {
          own.release();
        }
      };
      release();
      await Promise.all([worker(), worker()]);
    });
    const analyze = await db.connect();
    try {
      await step('analyze', () =>
        analyze.query('VACUUM (ANALYZE) tickets.contacts, tickets.tickets, tickets.messages'),
      );
      const count = async (sql, params = []) =>
        Number((await analyze.query(sql, params)).rows[0].n);
      return {
        steps,
        contacts: await count('SELECT count(*) AS n FROM tickets.contacts'),
        tickets: await count('SELECT count(*) AS n FROM tickets.tickets'),
        messages: await count('SELECT count(*) AS n FROM tickets.messages'),
        bigTickets: await count('SELECT count(*) AS n FROM tickets.tickets WHERE company_id = $1', [
          companyId,
        ]),
        bigMessages: await count(
          'SELECT count(*) AS n FROM tickets.messages WHERE company_id = $1',
          [companyId],
        ),
        bigOpen: await count(
          "SELECT count(*) AS n FROM tickets.tickets WHERE company_id = $1 AND status = 'open'",
          [companyId],
        ),
        heavyPerTicket,
      };
    } finally {
      analyze.release();
    }
  } finally {
    release();
  }
}
