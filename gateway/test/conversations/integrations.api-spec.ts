import { jest } from '@jest/globals';
import { PromptTransferMark, type Prompt, type QueueIntegration } from '@sb/contracts';
import {
  AzureTtsEmulator,
  DialogflowEmulator,
  emulatedSpeech,
  OpenAiEmulator,
  TypebotEmulator,
  typebotKeywords,
  WebhookEmulator,
} from '@sb/testing/bot-emulators';
import {
  startConversationStack,
  type RunningConversationStack,
} from '../support/conversation-stack.js';

// The external bots of the conversation automation over the real services: Typebot, a
// webhook (n8n), Dialogflow and an OpenAI prompt are HTTP emulators; each queue of the menu hands the
// conversation to one of them, and a bot that fails hands it to people.

jest.setTimeout(60_000);

describe('conversation automation: external bots', () => {
  let stack: RunningConversationStack;
  const typebot = new TypebotEmulator();
  const webhook = new WebhookEmulator();
  const dialogflow = new DialogflowEmulator();
  const openai = new OpenAiEmulator({ apiKey: 'sk-test-openai' });
  const tts = new AzureTtsEmulator({ key: 'azure-test-key' });
  let humanos: { id: number };

  const integration = (body: Record<string, unknown>) =>
    stack.api<QueueIntegration>('admin', 'POST', '/queueIntegration', body);

  beforeAll(async () => {
    await Promise.all([
      typebot.start(),
      webhook.start(),
      dialogflow.start(),
      openai.start(),
      tts.start(),
    ]);
    stack = await startConversationStack({
      name: 'conversation_bots',
      env: { DIALOGFLOW_URL: dialogflow.url },
      ticketsEnv: { BOT_TIMEOUT_MS: '1500', OPENAI_URL: openai.apiUrl, AZURE_TTS_URL: tts.ttsUrl },
    });
    humanos = await stack.createQueue({
      name: 'Humanos',
      color: '#8e24aa',
      greetingMessage: 'Um atendente já vem.',
      orderQueue: 5,
    });
    const sales = await integration({
      type: 'typebot',
      name: 'Typebot vendas',
      urlN8N: typebot.url,
      typebotSlug: 'vendas',
      typebotExpires: 5,
      typebotDelayMessage: 0,
      typebotKeywordRestart: 'reiniciar',
      typebotKeywordFinish: 'encerrar',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotUnknownMessage: 'Não entendi, escolha uma opção.',
    });
    const hook = await integration({
      type: 'n8n',
      name: 'n8n pedidos',
      urlN8N: webhook.hook('/pedidos'),
    });
    const agent = await integration({
      type: 'dialogflow',
      name: 'Dialogflow FAQ',
      projectName: 'faq-agent',
      jsonContent: dialogflow.createServiceAccountKey({ projectId: 'faq-agent' }),
      language: 'pt-BR',
    });
    const prompt = await stack.api<Prompt>('admin', 'POST', '/prompt', {
      name: 'Assistente',
      prompt: 'Você é o assistente da loja. Responda em uma frase.',
      apiKey: 'sk-test-openai',
      queueId: humanos.id,
      maxTokens: 120,
      temperature: 0.5,
      maxMessages: 4,
    });
    const queues = [
      await stack.createQueue({
        name: 'Typebot',
        orderQueue: 1,
        greetingMessage: 'Fila Typebot.',
        color: '#1e88e5',
        integrationId: sales.id,
      }),
      await stack.createQueue({
        name: 'Pedidos',
        orderQueue: 2,
        greetingMessage: 'Fila Pedidos.',
        color: '#43a047',
        integrationId: hook.id,
      }),
      await stack.createQueue({
        name: 'FAQ',
        orderQueue: 3,
        greetingMessage: 'Fila FAQ.',
        color: '#fb8c00',
        integrationId: agent.id,
      }),
      await stack.createQueue({
        name: 'IA',
        orderQueue: 4,
        greetingMessage: 'Fila IA.',
        color: '#e53935',
        promptId: prompt.id,
      }),
      humanos,
    ];
    const catalog = await stack.api<{ id: number }>('admin', 'POST', '/files', {
      name: 'Catálogo',
      message: 'Veja nosso catálogo de produtos.',
      options: [],
    });
    queues.push(
      await stack.createQueue({
        name: 'Catálogo',
        orderQueue: 6,
        greetingMessage: 'Fila Catálogo.',
        fileListId: catalog.id,
      }),
    );
    // a prompt that speaks its replies (Azure TTS)
    const spoken = await stack.api<Prompt>('admin', 'POST', '/prompt', {
      name: 'Assistente de voz',
      prompt: 'Você é o assistente da loja. Responda em uma frase curta.',
      apiKey: 'sk-test-openai',
      queueId: humanos.id,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-test-key',
      voiceRegion: 'brazilsouth',
    });
    queues.push(
      await stack.createQueue({
        name: 'Voz',
        orderQueue: 7,
        greetingMessage: 'Fila Voz.',
        color: '#00897b',
        promptId: spoken.id,
      }),
    );
    await stack.updateConnection({
      greetingMessage: 'Escolha:',
      queueIds: queues.map((q) => q.id),
      sendIdQueue: humanos.id,
    });
    typebot.setBot(
      'vendas',
      typebotKeywords(
        {
          messages: ['Olá! Sou o bot de vendas.', 'O que procura?'],
          input: { type: 'text input' },
        },
        {
          preço: { messages: ['O plano custa R$ 10.'], input: { type: 'text input' } },
          humano: { messages: [`#{"queueId":${humanos.id}}`], input: { type: 'text input' } },
          tchau: { messages: ['Até mais!'] },
        },
        { messages: [], input: { type: 'text input' } },
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await Promise.all([
      typebot.close(),
      webhook.close(),
      dialogflow.close(),
      openai.close(),
      tts.close(),
    ]);
  }, 30_000);

  it('starts the Typebot flow of the chosen queue, continues it, and obeys its transfer command', async () => {
    const ana = stack.conversation({ number: '5511970000001', name: 'Ana' });
    await ana.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 1
      bot answers "Olá! Sou o bot de vendas."
      bot answers "O que procura?"
      ticket queue is Typebot
      contact says qual o preço?
      bot answers "O plano custa R$ 10."
      contact says sei lá
      bot answers "Não entendi, escolha uma opção."
      contact says quero um humano
      ticket queue is Humanos
      contact says alô?
      bot stays silent for 1 s
    `);
    const [session] = typebot.sessionsOf('vendas');
    expect(session!.variables).toMatchObject({ number: '5511970000001', pushName: 'Ana' });
    expect(session!.received).toEqual(['qual o preço?', 'sei lá', 'quero um humano']);
  });

  it('restarts on the restart keyword, renews an expired session, and closes on the finish keyword', async () => {
    const bia = stack.conversation({ number: '5511970000002', name: 'Bia' });
    await bia.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 1
      bot answers "O que procura?"
      contact says reiniciar
      bot answers "Vamos recomeçar."
      bot answers "Olá! Sou o bot de vendas."
      advance clock 6 min
      contact says preço
      bot answers "O que procura?"
      bot answers "O plano custa R$ 10."
    `);
    // the start, the restart and the renewal after 6 idle minutes (typebotExpires 5)
    const sessions = typebot.sessionsOf('vendas').filter((s) => s.variables.number === bia.number);
    expect(sessions).toHaveLength(3);
    expect(sessions[2]!.received).toEqual(['preço']);
    await bia.run(`
      contact says encerrar
      ticket is closed
    `);
  });

  it('hands the ticket to people when the Typebot flow ends', async () => {
    const caio = stack.conversation({ number: '5511970000003', name: 'Caio' });
    await caio.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 1
      bot answers "O que procura?"
      contact says tchau
      bot answers "Até mais!"
      ticket is pending
      ticket queue is Typebot
      contact says ainda aí?
      bot stays silent for 1 s
    `);
    const ticket = await caio.ticket.current();
    expect(ticket.useIntegration).toBe(false);
  });

  it('posts each message to the n8n webhook and does what it answers', async () => {
    webhook.replyInOrder(
      { message: 'Workflow was started' },
      { answer: ['Seu pedido 123 saiu para entrega.'] },
      { answer: 'Vou chamar um atendente.', transfer: { queueId: humanos.id } },
    );
    const duda = stack.conversation({ number: '5511970000004', name: 'Duda' });
    await duda.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 2
      ticket queue is Pedidos
      contact says cadê meu pedido?
      bot answers "Seu pedido 123 saiu para entrega."
      contact says quero falar com alguém
      bot answers "Vou chamar um atendente."
      ticket queue is Humanos
    `);
    const bodies = webhook.bodies as {
      event: string;
      contact: { number: string };
      message: { body: string } | null;
    }[];
    const mine = bodies.filter((b) => b.contact.number === duda.number);
    expect(mine.map((b) => b.event)).toEqual(['start', 'message', 'message']);
    expect(mine[1]!.message).toMatchObject({ body: 'cadê meu pedido?' });
  });

  it('falls back to people in the queue when the webhook times out or answers garbage', async () => {
    webhook.setReply(() => ({}));
    const edu = stack.conversation({ number: '5511970000005', name: 'Edu' });
    await edu.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 2
      bot answers "Fila Pedidos."
      ticket queue is Pedidos
    `);
    webhook.failNext({ kind: 'slow', delayMs: 4_000 });
    await edu.contact.says('oi?');
    await waitFor(async () => (await edu.ticket.current()).useIntegration === false);
    const before = webhook.bodies.length;
    await edu.run(`
      contact says tem alguém?
      bot stays silent for 1 s
      ticket queue is Pedidos
      ticket is pending
    `);
    expect(webhook.bodies.length).toBe(before);

    webhook.setReply(() => ({ answer: 42 }));
    const fabi = stack.conversation({ number: '5511970000006', name: 'Fabi' });
    await fabi.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 2
    `);
    await waitFor(async () => {
      const ticket = await fabi.ticket.current();
      return ticket.queue?.name === 'Pedidos' && ticket.useIntegration === false;
    });
    webhook.setReply(() => ({}));
  });

  it('talks to Dialogflow with a session per contact until an intent ends the conversation', async () => {
    dialogflow.when(/horário/i, 'Abrimos das 8h às 18h.');
    dialogflow.when(/atendente/i, { messages: ['Transferindo.'], endConversation: true });
    const gil = stack.conversation({ number: '5511970000007', name: 'Gil' });
    await gil.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 3
      ticket queue is FAQ
      contact says qual o horário?
      bot answers "Abrimos das 8h às 18h."
      contact says quero um atendente
      bot answers "Transferindo."
    `);
    await waitFor(async () => (await gil.ticket.current()).useIntegration === false);
    const sessions = new Set(dialogflow.detections.map((d) => d.sessionId));
    expect(sessions.size).toBe(1);
    expect(dialogflow.detections.map((d) => d.text)).toEqual([
      'qual o horário?',
      'quero um atendente',
    ]);
  });

  it('answers with the OpenAI prompt, with the history, and transfers when the model asks for a person', async () => {
    openai.setChat((call) => {
      const last = call.messages.at(-1)!.content as string;
      return /humano/i.test(last) ? PromptTransferMark : `Resposta para: ${last}`;
    });
    const hugo = stack.conversation({ number: '5511970000008', name: 'Hugo' });
    await hugo.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 4
      ticket queue is IA
      contact says quanto custa o plano?
      bot answers "Resposta para: quanto custa o plano?"
      contact says e o anual?
      bot answers "Resposta para: e o anual?"
      contact says quero um humano
      ticket queue is Humanos
    `);
    const calls = openai.completions;
    expect(calls[0]).toMatchObject({
      max_tokens: 120,
      temperature: 0.5,
      authorization: 'Bearer sk-test-openai',
    });
    expect(calls[0]!.messages[0]).toMatchObject({ role: 'system' });
    expect(String(calls[0]!.messages[0]!.content)).toContain('assistente da loja');
    // maxMessages 4: the system text, three earlier messages of the ticket, the contact's message last
    const second = calls[1]!.messages.slice(1);
    expect(second).toHaveLength(4);
    expect(second.at(-1)).toEqual({ role: 'user', content: 'e o anual?' });
    expect(second).toContainEqual({
      role: 'assistant',
      content: 'Resposta para: quanto custa o plano?',
    });
  });

  it("sends the queue's file list when the contact enters it", async () => {
    const jade = stack.conversation({ number: '5511970000010', name: 'Jade' });
    await jade.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 6
      bot answers "Fila Catálogo."
      bot answers "Veja nosso catálogo de produtos."
      ticket queue is Catálogo
    `);
  });

  it("transcribes the contact's audio for the OpenAI prompt", async () => {
    openai.setTranscribe(() => 'qual o prazo de entrega?');
    openai.setChat((call) => `Resposta para: ${String(call.messages.at(-1)!.content)}`);
    const iris = stack.conversation({ number: '5511970000009', name: 'Iris' });
    await iris.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 4
      ticket queue is IA
      contact sends audio
      bot answers "Resposta para: qual o prazo de entrega?"
    `);
    const transcription = openai.transcriptions.at(-1)!;
    expect(transcription).toMatchObject({ model: 'whisper-1', mimeType: 'audio/ogg' });
    expect(transcription.bytes.subarray(0, 4).toString()).toBe('OggS');
  });

  it('speaks the replies of a prompt with a voice as audio, never the transfer mark', async () => {
    openai.setChat((call) => {
      const last = String(call.messages.at(-1)!.content);
      return /humano/i.test(last) ? PromptTransferMark : `Falando: ${last}`;
    });
    const lia = stack.conversation({ number: '5511970000011', name: 'Lia' });
    await lia.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 7
      ticket queue is Voz
      contact says qual o horário?
    `);
    await waitFor(async () => lia.sent().some((send) => send.type === 'audio'));
    const audio = lia.sent().find((send) => send.type === 'audio')!;
    expect(stack.graph.mediaBytes(audio.mediaId!)).toEqual(
      emulatedSpeech('Falando: qual o horário?'),
    );
    expect(tts.calls.at(-1)).toMatchObject({
      region: 'brazilsouth',
      voice: 'pt-BR-FranciscaNeural',
      language: 'pt-BR',
      text: 'Falando: qual o horário?',
      outputFormat: 'ogg-48khz-16bit-mono-opus',
      key: 'azure-test-key',
    });
    expect(lia.sent().some((send) => send.text === 'Falando: qual o horário?')).toBe(false);
    await lia.run(`
      contact says quero um humano
      ticket queue is Humanos
    `);
    expect(tts.calls.map((call) => call.text)).not.toContainEqual(
      expect.stringContaining(PromptTransferMark),
    );
  });

  it('writes the reply when Azure TTS fails, so the contact still gets the answer', async () => {
    openai.setChat((call) => `Falando: ${String(call.messages.at(-1)!.content)}`);
    const mia = stack.conversation({ number: '5511970000012', name: 'Mia' });
    await mia.run(`
      contact says Oi
      bot answers "Escolha:"
      contact says 7
      ticket queue is Voz
    `);
    tts.failNext({ kind: 'error', status: 503 });
    await mia.run(`
      contact says tem entrega hoje?
      bot answers "Falando: tem entrega hoje?"
    `);
    tts.failNext({ kind: 'garbage' });
    await mia.run(`
      contact says e amanhã?
      bot answers "Falando: e amanhã?"
      ticket queue is Voz
    `);
    expect(mia.sent().some((send) => send.type === 'audio')).toBe(false);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the condition did not hold in time');
}
