import type { MessageRecord, Queue, TicketRecord, TicketsPage } from '@sb/contracts';
import type { EmulatedSend, GraphEmulator } from '../channel-emulator/graph-emulator.js';
import type { ManualClock } from '../infra/manual-clock.js';
import {
  parseScript,
  parseStep,
  type Actor,
  type ContactMedia,
  type ScriptStep,
  type TextMatch,
} from './conversation-script.js';

/** A tiny file per kind, with the magic bytes its MIME type names. */
const SampleMedia: Record<ContactMedia, { bytes: Buffer; mimeType: string; fileName: string }> = {
  image: {
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
    mimeType: 'image/png',
    fileName: 'photo.png',
  },
  audio: {
    bytes: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]),
    mimeType: 'audio/ogg',
    fileName: 'voice.ogg',
  },
  video: {
    bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(40)]),
    mimeType: 'video/mp4',
    fileName: 'clip.mp4',
  },
  document: {
    bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    mimeType: 'application/pdf',
    fileName: 'file.pdf',
  },
};

/** A user of the stack's company the DSL acts as (`agent …` / `admin …`). */
export type StackUser = { id: number; name: string; token: string };

/**
 * What a conversation test runs against, whatever boots it: the gateway, the Graph API emulator whose
 * webhooks reach that gateway, the Cloud API number of the company's connection, the clock the tickets
 * service reads, and the company's admin and agent.
 */
export type ConversationStack = {
  gatewayUrl: string;
  graph: GraphEmulator;
  /** the connection's Cloud API phone number id (the emulator's account) */
  phoneNumberId: string;
  connectionId: number;
  clock: ManualClock;
  users: Record<Actor, StackUser>;
  /**
   * Delivers a WhatsApp call of the contact as the connectors service reports one (`contact calls`);
   * stacks whose channel cannot place calls leave it out.
   */
  placeCall?: (call: { from: string; video: boolean }) => Promise<void>;
};

export type ConversationOptions = {
  /** the contact's WhatsApp number (digits) */
  number: string;
  /** the profile name its webhooks carry */
  name?: string;
  /** how long `bot answers` waits by default (8 s) */
  answerTimeoutMs?: number;
  /** how long ticket checks and lookups poll (8 s) */
  ticketTimeoutMs?: number;
};

/** A failed step of a script: names the line and says what happened instead. */
export class ConversationStepError extends Error {
  constructor(
    readonly line: number,
    readonly source: string,
    override readonly cause: unknown,
  ) {
    super(
      `conversation line ${line} "${source}" failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'ConversationStepError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeMatch = (match: TextMatch) =>
  typeof match === 'string' ? JSON.stringify(match) : String(match);
const matches = (text: string, match: TextMatch) =>
  typeof match === 'string' ? text.includes(match) : match.test(text);

/** A JSON call to the gateway as one of the stack's users; throws with the status and body on ≥ 300. */
export const stackRequest = async <T>(
  stack: ConversationStack,
  actor: Actor,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> => {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${stack.users[actor].token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/**
 * One contact's conversation with the company's number, driven step by step (methods) or by a script
 * (`run`). The contact writes through signed webhooks of the Graph emulator; what our side sends to it
 * is read from the emulator's record of sends; tickets are read and changed through the gateway's API.
 * Each `bot answers` consumes the sends up to the one it matched, so the next one waits for newer ones.
 */
export class Conversation {
  readonly contact = {
    /** writes, then waits until it is stored (`{waitStored: false}` for messages no ticket takes) */
    says: (text: string, options: { waitStored?: boolean } = {}) => this.contactSays(text, options),
    /** places a WhatsApp call (voice, or video), then waits until its call log is stored */
    calls: (options: { video?: boolean } = {}) => this.contactCalls(options.video ?? false),
    /** the same as bot.answers: any message our side sent (bot or agent) */
    receives: (match: TextMatch, options: { timeoutMs?: number } = {}) =>
      this.botAnswers(match, options.timeoutMs),
  };
  readonly bot = {
    answers: (match: TextMatch, options: { timeoutMs?: number } = {}) =>
      this.botAnswers(match, options.timeoutMs),
    staysSilent: (ms = 2000) => this.botSilent(ms),
  };
  readonly clock = {
    /** moves the tickets service's clock (durable jobs see it on their next poll) */
    advance: (minutes: number) => this.stack.clock.advance(minutes * 60_000),
    advanceMs: (ms: number) => this.stack.clock.advance(ms),
  };
  readonly agent = this.actor('agent');
  readonly admin = this.actor('admin');
  readonly ticket = {
    /** the contact's newest ticket (waits for one to exist) */
    current: () => this.currentTicket(),
    is: (status: string) => this.ticketIs(status),
    queueIs: (queue: string | null) => this.ticketQueueIs(queue),
    userIs: (user: Actor | null) => this.ticketUserIs(user),
  };
  /** how many of the sends to this contact earlier steps consumed */
  private consumed = 0;
  /** the same for other numbers (`phone … receives`), by number */
  private readonly consumedByPhone = new Map<string, number>();
  private readonly answerTimeoutMs: number;
  private readonly ticketTimeoutMs: number;

  constructor(
    readonly stack: ConversationStack,
    readonly options: ConversationOptions,
  ) {
    this.answerTimeoutMs = options.answerTimeoutMs ?? 8000;
    this.ticketTimeoutMs = options.ticketTimeoutMs ?? 8000;
  }

  get number(): string {
    return this.options.number;
  }

  /** Everything our side sent to this contact, oldest first. */
  sent(): EmulatedSend[] {
    return this.sentTo(this.options.number);
  }

  /** Everything our side sent to a number (digits), oldest first: another phone than the contact's. */
  sentTo(number: string): EmulatedSend[] {
    return this.stack.graph.sent.filter(
      (send) => send.accountId === this.stack.phoneNumberId && send.to === number,
    );
  }

  /** The emulator's view of the chat (what the contact's phone would show). */
  lines() {
    return this.stack.graph.conversation(this.stack.phoneNumberId, this.options.number);
  }

  /** Plays a script (see conversation-script.ts); a failure names its line. */
  async run(script: string): Promise<void> {
    for (const { line, source, step } of parseScript(script)) {
      try {
        await this.play(step);
      } catch (err) {
        throw new ConversationStepError(line, source, err);
      }
    }
  }

  /** Plays one line of the language (`await c.step('bot answers /menu/i')`). */
  async step(source: string): Promise<void> {
    const step = parseStep(source);
    try {
      await this.play(step);
    } catch (err) {
      throw new ConversationStepError(1, source.trim(), err);
    }
  }

  async play(step: ScriptStep): Promise<void> {
    switch (step.kind) {
      case 'contactSays':
        return this.contactSays(step.text);
      case 'contactSends':
        return this.contactSends(step.media, step.caption);
      case 'contactCalls':
        return this.contactCalls(step.video);
      case 'botAnswers':
        await this.botAnswers(step.match, step.timeoutMs);
        return;
      case 'phoneReceives':
        await this.phoneReceives(step.phone, step.match, step.timeoutMs);
        return;
      case 'phoneSilent':
        return this.phoneSilent(step.phone, step.ms);
      case 'botSilent':
        return this.botSilent(step.ms);
      case 'advanceClock':
        this.stack.clock.advance(step.ms);
        return;
      case 'wait':
        await sleep(step.ms);
        return;
      case 'accept':
        await this.accept(step.actor);
        return;
      case 'say':
        await this.say(step.actor, step.text);
        return;
      case 'transferToQueue':
        await this.transferToQueue(step.actor, step.queue);
        return;
      case 'transferToUser':
        await this.transferToUser(step.actor, step.to, step.queue);
        return;
      case 'returnToQueue':
        await this.update(step.actor, { status: 'pending', userId: null });
        return;
      case 'close':
        await this.update(step.actor, { status: 'closed', sendFarewellMessage: step.farewell });
        return;
      case 'ticketIs':
        await this.ticketIs(step.status);
        return;
      case 'ticketQueueIs':
        await this.ticketQueueIs(step.queue);
        return;
      case 'ticketUserIs':
        await this.ticketUserIs(step.user);
        return;
    }
  }

  // ---- the contact and the bot ----

  /**
   * The contact writes; then waits until the tickets service stored it (the contact's newest ticket is
   * another one, or counts one more unread message), so the next step sees its effects.
   */
  private async contactSays(text: string, options: { waitStored?: boolean } = {}): Promise<void> {
    const before = options.waitStored === false ? null : await this.findTicket();
    const result = await this.stack.graph.customerText({
      phoneNumberId: this.stack.phoneNumberId,
      from: this.options.number,
      text,
      ...(this.options.name ? { name: this.options.name } : {}),
    });
    if (result.status !== 200) {
      throw new Error(`the gateway answered the webhook ${result.status} ${result.body}`);
    }
    if (options.waitStored === false) return;
    await this.pollTicket(
      (ticket) =>
        !before || ticket.id !== before.id || ticket.unreadMessages > before.unreadMessages,
      `the message ${JSON.stringify(text)} stored on a ticket`,
    );
  }

  /** A small file of that kind through the channel (bytes the media type names; nobody plays them). */
  private async contactSends(media: ContactMedia, caption?: string): Promise<void> {
    const before = await this.findTicket();
    const file = SampleMedia[media];
    const result = await this.stack.graph.customerMedia({
      phoneNumberId: this.stack.phoneNumberId,
      from: this.options.number,
      type: media,
      buffer: file.bytes,
      mimeType: file.mimeType,
      filename: file.fileName,
      ...(caption ? { caption } : {}),
      ...(this.options.name ? { name: this.options.name } : {}),
    });
    if (result.status !== 200) {
      throw new Error(`the gateway answered the webhook ${result.status} ${result.body}`);
    }
    await this.pollTicket(
      (ticket) =>
        !before || ticket.id !== before.id || ticket.unreadMessages > before.unreadMessages,
      `the ${media} stored on a ticket`,
    );
  }

  /** A call of the contact (voice or video), then waits until the tickets service stored its call log. */
  private async contactCalls(video: boolean): Promise<void> {
    if (!this.stack.placeCall) throw new Error('this stack cannot place calls (no placeCall)');
    const before = await this.findTicket();
    await this.stack.placeCall({ from: this.options.number, video });
    await this.pollTicket(
      (ticket) =>
        !before || ticket.id !== before.id || ticket.unreadMessages > before.unreadMessages,
      `the ${video ? 'video ' : ''}call stored on a ticket`,
    );
  }

  private async botAnswers(
    match: TextMatch,
    timeoutMs = this.answerTimeoutMs,
  ): Promise<EmulatedSend> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = this.sent().slice(this.consumed);
      const index = pending.findIndex((send) => matches(send.text ?? '', match));
      if (index >= 0) {
        this.consumed += index + 1;
        return pending[index]!;
      }
      if (Date.now() > deadline) {
        const got = pending.map((send) => JSON.stringify(send.text ?? `[${send.type}]`));
        throw new Error(
          `no message to ${this.options.number} matched ${describeMatch(match)} within ${timeoutMs} ms; ${
            got.length ? `sent instead: ${got.join(', ')}` : 'nothing was sent'
          }`,
        );
      }
      await sleep(25);
    }
  }

  /**
   * What another number (the on-duty phone, a transfer target…) got from the company's number: the
   * contact's own sends are `bot answers`; these are counted apart, per number.
   */
  private async phoneReceives(
    phone: string,
    match: TextMatch,
    timeoutMs = this.answerTimeoutMs,
  ): Promise<EmulatedSend> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const consumed = this.consumedByPhone.get(phone) ?? 0;
      const pending = this.sentTo(phone).slice(consumed);
      const index = pending.findIndex((send) => matches(send.text ?? '', match));
      if (index >= 0) {
        this.consumedByPhone.set(phone, consumed + index + 1);
        return pending[index]!;
      }
      if (Date.now() > deadline) {
        const got = pending.map((send) => JSON.stringify(send.text ?? `[${send.type}]`));
        throw new Error(
          `no message to ${phone} matched ${describeMatch(match)} within ${timeoutMs} ms; ${
            got.length ? `sent instead: ${got.join(', ')}` : 'nothing was sent'
          }`,
        );
      }
      await sleep(25);
    }
  }

  private async phoneSilent(phone: string, ms: number): Promise<void> {
    await sleep(ms);
    const consumed = this.consumedByPhone.get(phone) ?? 0;
    const unexpected = this.sentTo(phone).slice(consumed);
    if (unexpected.length) {
      this.consumedByPhone.set(phone, consumed + unexpected.length);
      throw new Error(
        `expected silence for ${ms} ms, but ${phone} got: ${unexpected
          .map((send) => JSON.stringify(send.text ?? `[${send.type}]`))
          .join(', ')}`,
      );
    }
  }

  private async botSilent(ms: number): Promise<void> {
    await sleep(ms);
    const unexpected = this.sent().slice(this.consumed);
    if (unexpected.length) {
      this.consumed += unexpected.length;
      throw new Error(
        `expected silence for ${ms} ms, but ${this.options.number} got: ${unexpected
          .map((send) => JSON.stringify(send.text ?? `[${send.type}]`))
          .join(', ')}`,
      );
    }
  }

  // ---- the agents, through the API ----

  private actor(actor: Actor) {
    return {
      accepts: () => this.accept(actor),
      says: (text: string) => this.say(actor, text),
      transfersToQueue: (queue: string) => this.transferToQueue(actor, queue),
      transfersTo: (to: Actor, queue?: string) => this.transferToUser(actor, to, queue),
      returnsToQueue: () => this.update(actor, { status: 'pending', userId: null }),
      closes: (options: { farewell?: boolean } = {}) =>
        this.update(actor, { status: 'closed', sendFarewellMessage: options.farewell ?? true }),
    };
  }

  private async accept(actor: Actor): Promise<TicketRecord> {
    return this.update(actor, { status: 'open', userId: this.stack.users[actor].id });
  }

  private async say(actor: Actor, text: string): Promise<void> {
    const ticket = await this.currentTicket();
    const [message] = await stackRequest<MessageRecord[]>(
      this.stack,
      actor,
      'POST',
      `/messages/${ticket.id}`,
      { body: text },
    );
    if (message?.sendError) throw new Error(`the send failed: ${message.sendError}`);
    // the agent's own message reaches the contact: consume it so `bot answers` waits for the next one
    await this.botAnswers(text);
  }

  private async transferToQueue(actor: Actor, queueName: string): Promise<TicketRecord> {
    const queueId = await this.queueId(queueName);
    return this.update(actor, { status: 'pending', userId: null, queueId });
  }

  private async transferToUser(actor: Actor, to: Actor, queueName?: string): Promise<TicketRecord> {
    const queueId = queueName === undefined ? undefined : await this.queueId(queueName);
    return this.update(actor, {
      status: 'open',
      userId: this.stack.users[to].id,
      ...(queueId === undefined ? {} : { queueId }),
    });
  }

  private async update(actor: Actor, body: Record<string, unknown>): Promise<TicketRecord> {
    const ticket = await this.currentTicket();
    return stackRequest<TicketRecord>(this.stack, actor, 'PUT', `/tickets/${ticket.id}`, body);
  }

  private async queueId(name: string): Promise<number> {
    const queues = await stackRequest<Queue[]>(this.stack, 'admin', 'GET', '/queue');
    const queue = queues.find((candidate) => candidate.name === name);
    if (!queue) {
      throw new Error(
        `no queue named ${name} (there are: ${queues.map((q) => q.name).join(', ')})`,
      );
    }
    return queue.id;
  }

  // ---- the ticket, through the API ----

  /** The contact's newest ticket on the stack's connection, or null while there is none. */
  async findTicket(): Promise<TicketRecord | null> {
    const query = new URLSearchParams({ searchParam: this.options.number, showAll: 'true' });
    const page = await stackRequest<TicketsPage>(this.stack, 'admin', 'GET', `/tickets?${query}`);
    const mine = page.tickets.filter(
      (ticket) =>
        ticket.contact.number.replace(/\D/g, '') === this.options.number &&
        ticket.whatsappId === this.stack.connectionId,
    );
    return mine.reduce<TicketRecord | null>(
      (newest, ticket) => (!newest || ticket.id > newest.id ? ticket : newest),
      null,
    );
  }

  private async currentTicket(): Promise<TicketRecord> {
    const ticket = await this.pollTicket(() => true, 'a ticket');
    return ticket;
  }

  private async pollTicket(
    check: (ticket: TicketRecord) => boolean,
    what: string,
  ): Promise<TicketRecord> {
    const deadline = Date.now() + this.ticketTimeoutMs;
    for (;;) {
      const last = await this.findTicket();
      if (last && check(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(
          `waited ${this.ticketTimeoutMs} ms for ${what} of ${this.options.number}; ${
            last
              ? `its ticket ${last.id} is ${last.status}, queue ${last.queue?.name ?? 'none'}, user ${
                  last.user?.name ?? 'none'
                }`
              : 'it has no ticket'
          }`,
        );
      }
      await sleep(50);
    }
  }

  private ticketIs(status: string): Promise<TicketRecord> {
    return this.pollTicket((ticket) => ticket.status === status, `a ${status} ticket`);
  }

  private ticketQueueIs(queue: string | null): Promise<TicketRecord> {
    return this.pollTicket(
      (ticket) => (ticket.queue?.name ?? null) === queue,
      `a ticket in queue ${queue ?? 'none'}`,
    );
  }

  private ticketUserIs(user: Actor | null): Promise<TicketRecord> {
    const id = user === null ? null : this.stack.users[user].id;
    return this.pollTicket(
      (ticket) => ticket.userId === id,
      `a ticket held by ${user ?? 'nobody'}`,
    );
  }
}

/** One contact's conversation on the stack (several at once are independent). */
export const conversation = (stack: ConversationStack, options: ConversationOptions) =>
  new Conversation(stack, options);
