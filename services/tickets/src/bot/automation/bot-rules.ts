import type { ChatbotQueueType, TicketLogType, TicketStatus, WorkingDay } from '@sb/contracts';
import { isExitWord, type BotTexts } from '../language/bot-texts.js';
import { menuText } from './menu-text.js';
import { withinWorkingHours } from './schedule-rules.js';
import type { ExternalBot } from '../../tickets/core/automation-jobs.js';

/** A chatbot option as the bot walks it (the queue's tree). */
export type BotOption = {
  id: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: BotOption[];
};

export type BotQueue = {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: WorkingDay[];
  closeTicket: boolean;
  fileListId: number | null;
  integrationId: number | null;
  promptId: number | null;
  options: BotOption[];
};

/** The connection's texts and knobs, with its queues in menu order. */
export type BotConnection = {
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  maxUseBotQueuesNPS: number;
  schedules: WorkingDay[];
  /** the connection's own bot: it takes every conversation (integration) or those without queue (prompt) */
  integrationId: number | null;
  promptId: number | null;
  queues: BotQueue[];
};

export type ScheduleType = 'disabled' | 'queue' | 'company' | 'connection';

export type BotSettings = {
  scheduleType: ScheduleType;
  enableLGPD: boolean;
  lgpdMessage: string;
  lgpdLink: string;
  sendGreetingMessageOneQueues: boolean;
  sendQueuePosition: boolean;
  acceptAudioMessageContact: boolean;
  sendMessageOutExpedientTicketOpen: boolean;
  acceptCallWhatsapp: boolean;
  timeZone: string;
  companySchedule: WorkingDay[];
};

export type BotTicket = {
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  chatbotId: number | null;
  isBot: boolean;
  isGroup: boolean;
  isOutOfHour: boolean;
  amountUsedBotQueues: number;
  amountUsedBotQueuesNps: number;
  botAskedAt: Date | null;
  lgpdSendMessageAt: Date | null;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  /** an external bot handed the ticket to people: no external bot takes it again */
  botStoppedAt: Date | null;
};

export type BotContact = {
  lgpdAcceptedAt: Date | null;
  disableBot: boolean;
  acceptAudioMessage: boolean;
};

export type BotInput = {
  ticket: BotTicket;
  contact: BotContact;
  message: { body: string; isAudio: boolean };
  connection: BotConnection;
  settings: BotSettings;
  now: Date;
  /** the bot's own words, in the installation's language */
  texts: BotTexts;
};

export type TicketPatch = Partial<
  Pick<
    BotTicket,
    | 'status'
    | 'queueId'
    | 'userId'
    | 'chatbotId'
    | 'isBot'
    | 'isOutOfHour'
    | 'amountUsedBotQueues'
    | 'amountUsedBotQueuesNps'
    | 'botAskedAt'
    | 'lgpdSendMessageAt'
    | 'useIntegration'
    | 'integrationId'
    | 'promptId'
  > & { lgpdAcceptedAt: Date; userRating: number }
>;

/** An external bot: a queue integration (Typebot, n8n, webhook, Dialogflow) or an AI prompt. */
export type { ExternalBot };

/**
 * Hand the conversation to an external bot. `forward` passes the contact's message on; without it the
 * message was a menu choice, so the bot is only started (Typebot opens its flow, the others wait).
 */
export type BotHandOff = { bot: ExternalBot; forward: boolean };

/** What the bot does with one message of the contact. */
export type BotDecision = {
  /** texts to send, in order */
  replies: string[];
  ticket: TicketPatch;
  /** the contact gave its consent (LGPD) */
  contactLgpdAcceptedAt?: Date;
  logs: TicketLogType[];
  /** close the ticket; `completion` also sends the connection's completion message */
  close?: 'completion' | 'silent';
  /** the index in `replies` of the connection's greeting: the connection's greeting media goes with it */
  greetingReply?: number;
  /** tell the contact its place in the queue's line */
  tellQueuePosition?: boolean;
  /** send this file list */
  fileListId?: number;
  /** pass the message to an external bot, after the replies */
  handOff?: BotHandOff;
};

const emptyDecision = (): BotDecision => ({ replies: [], ticket: {}, logs: [] });

/**
 * A contact's call (BEHAVIOUR.md §3 step 18): while acceptCallWhatsapp is on, the "calls disabled"
 * notice; the call itself is stored as a call_log message either way.
 */
export const callReplies = (
  settings: Pick<BotSettings, 'acceptCallWhatsapp'>,
  texts: BotTexts,
): string[] => (settings.acceptCallWhatsapp ? [texts.callRejected] : []);

/** "2", " 2 ", "2." and "*2*" pick option 2; anything else is no choice. */
export const parseChoice = (answer: string): number | null => {
  const match = /^\s*\*?\s*(\d{1,3})\s*\*?\s*\.?\s*$/.exec(answer);
  return match ? Number(match[1]) : null;
};

/** A rating answer: a whole number from 0 to 10. */
export const parseRating = (answer: string): number | null => {
  const choice = parseChoice(answer);
  return choice !== null && choice <= 10 ? choice : null;
};

/**
 * Whether the bot may ask again: not once maxUseBotQueues re-asks were spent (0 = no limit), and not
 * before timeUseBotQueues minutes passed since it last asked.
 */
export const mayAskAgain = (
  used: number,
  max: number,
  askedAt: Date | null,
  waitMinutes: number,
  now: Date,
): boolean => {
  if (max > 0 && used >= max) return false;
  if (waitMinutes > 0 && askedAt && now.getTime() - askedAt.getTime() < waitMinutes * 60_000)
    return false;
  return true;
};

/** Where an option sits in a tree: its own node and its parent (null at the top). */
export const findOption = (
  options: readonly BotOption[],
  id: number,
  parent: BotOption | null = null,
): { option: BotOption; parent: BotOption | null } | null => {
  for (const option of options) {
    if (option.id === id) return { option, parent };
    const found = findOption(option.options, id, option);
    if (found) return found;
  }
  return null;
};

/** The schedule that decides the hours (company or connection), or null when not those. */
const ownerSchedule = (input: BotInput): { schedule: WorkingDay[]; message: string } | null => {
  const { settings, connection } = input;
  if (settings.scheduleType === 'company')
    return { schedule: settings.companySchedule, message: connection.outOfHoursMessage };
  if (settings.scheduleType === 'connection')
    return { schedule: connection.schedules, message: connection.outOfHoursMessage };
  return null;
};

/**
 * The conversation automation for one message of the contact (BEHAVIOUR.md §3, safe): rating, consent,
 * the audio notice, out-of-hours, then — while no agent holds the ticket and the contact's bot is on —
 * the queue menu and the queue's chatbot options.
 */
export function decideInbound(input: BotInput): BotDecision {
  const { ticket } = input;
  if (ticket.isGroup) return emptyDecision();
  if (ticket.status === 'nps') return rate(input);
  if (ticket.status === 'lgpd') return consent(input);
  return converse(input, emptyDecision());
}

/**
 * The rating answer (0–10) is thanked (in the bot's language, as the product family does) and closes
 * the ticket with the completion message; anything else re-asks, up to maxUseBotQueuesNPS.
 */
function rate(input: BotInput): BotDecision {
  const { ticket, connection, message, texts } = input;
  const decision = emptyDecision();
  const rating = parseRating(message.body);
  if (rating !== null) {
    decision.ticket.userRating = rating;
    decision.replies.push(texts.ratingThanks);
    decision.close = 'completion';
    return decision;
  }
  const max = connection.maxUseBotQueuesNPS;
  if (max > 0 && ticket.amountUsedBotQueuesNps >= max) return decision;
  decision.replies.push(`${texts.invalidOption}\n\n${connection.ratingMessage}`.trim());
  decision.ticket.amountUsedBotQueuesNps = ticket.amountUsedBotQueuesNps + 1;
  return decision;
}

/** LGPD: the notice and the yes/no question once, then the answer (1 accepts, 2 refuses). */
function consent(input: BotInput): BotDecision {
  const { ticket, settings, message, now, texts } = input;
  const decision = emptyDecision();
  if (!ticket.lgpdSendMessageAt) {
    if (settings.lgpdMessage.trim()) decision.replies.push(settings.lgpdMessage.trim());
    if (settings.lgpdLink.trim()) decision.replies.push(settings.lgpdLink.trim());
    decision.replies.push(texts.lgpdChoice);
    decision.ticket.lgpdSendMessageAt = now;
    decision.ticket.botAskedAt = now;
    decision.logs.push('lgpd');
    return decision;
  }
  const choice = parseChoice(message.body);
  if (choice === 1) {
    decision.contactLgpdAcceptedAt = now;
    decision.ticket.lgpdAcceptedAt = now;
    decision.ticket.status = 'pending';
    decision.ticket.amountUsedBotQueues = 0;
    decision.ticket.botAskedAt = null;
    // the conversation goes on from the start, as for a new ticket
    return converse(
      {
        ...input,
        ticket: { ...ticket, status: 'pending', amountUsedBotQueues: 0, botAskedAt: null },
      },
      decision,
    );
  }
  if (choice === 2) {
    decision.replies.push(texts.lgpdRefused);
    decision.close = 'completion';
    return decision;
  }
  // the consent question is not a chatbot step: no chatBot log line
  return reask(input, decision, texts.lgpdChoice, { log: false });
}

/** Audio notice, out-of-hours, then the menus while the bot has the conversation. */
function converse(input: BotInput, decision: BotDecision): BotDecision {
  const { ticket, contact, settings, message, connection, now, texts } = input;
  if (message.isAudio && (!settings.acceptAudioMessageContact || !contact.acceptAudioMessage))
    decision.replies.push(texts.audioNotAccepted);

  const held = ticket.userId !== null;
  const hours = ownerSchedule(input);
  if (hours) {
    const open = withinWorkingHours(hours.schedule, now, settings.timeZone);
    if (
      !open &&
      (!held || ticket.status !== 'open' || settings.sendMessageOutExpedientTicketOpen)
    ) {
      decision.ticket.isOutOfHour = true;
      const asked = ticket.amountUsedBotQueues;
      if (
        hours.message.trim() &&
        mayAskAgain(
          asked,
          connection.maxUseBotQueues,
          ticket.botAskedAt,
          connection.timeUseBotQueues,
          now,
        )
      ) {
        decision.replies.push(hours.message.trim());
        decision.ticket.amountUsedBotQueues = asked + 1;
        decision.ticket.botAskedAt = now;
      }
      return decision;
    }
    if (ticket.isOutOfHour) decision.ticket.isOutOfHour = false;
  }

  if (held || contact.disableBot) return decision;
  const bot = activeBot(input);
  if (bot) {
    decision.handOff = { bot, forward: true };
    return decision;
  }
  if (ticket.queueId === null) return queueMenu(input, decision);
  if (ticket.isBot) return chatbotStep(input, decision);
  return decision;
}

/**
 * The external bot that has the conversation, in the order of BEHAVIOUR.md §3 step 13: the connection's
 * integration, the connection's prompt while there is no queue, then the one the ticket was given by its
 * queue or a chatbot option.
 */
export function activeBot(input: BotInput): ExternalBot | null {
  const { ticket, connection } = input;
  if (ticket.botStoppedAt) return null;
  if (connection.integrationId !== null) return { integrationId: connection.integrationId };
  if (ticket.queueId === null && connection.promptId !== null)
    return { promptId: connection.promptId };
  if (ticket.useIntegration && ticket.integrationId !== null)
    return { integrationId: ticket.integrationId };
  if (ticket.promptId !== null) return { promptId: ticket.promptId };
  return null;
}

/** No queue yet: one queue is entered at once; several are offered as a numbered menu. */
function queueMenu(input: BotInput, decision: BotDecision): BotDecision {
  const { ticket, connection, settings, message, now, texts } = input;
  const queues = connection.queues;
  if (queues.length === 0) {
    // nothing to choose: the greeting once, then the ticket waits for an agent
    if (!ticket.botAskedAt && connection.greetingMessage.trim()) {
      decision.greetingReply = decision.replies.length;
      decision.replies.push(connection.greetingMessage.trim());
      decision.ticket.botAskedAt = now;
    }
    return decision;
  }
  if (queues.length === 1) {
    if (settings.sendGreetingMessageOneQueues && connection.greetingMessage.trim()) {
      decision.greetingReply = decision.replies.length;
      decision.replies.push(connection.greetingMessage.trim());
    }
    return enterQueue(input, decision, queues[0]!, { chosen: false });
  }
  if (isExitWord(texts, message.body) && ticket.botAskedAt) {
    decision.close = 'completion';
    return decision;
  }
  const menu = menuText(texts, connection.greetingMessage, queues);
  if (!ticket.botAskedAt) {
    decision.greetingReply = decision.replies.length;
    decision.replies.push(menu);
    decision.ticket.botAskedAt = now;
    decision.ticket.isBot = true;
    decision.logs.push('chatBot');
    return decision;
  }
  const choice = parseChoice(message.body);
  const queue = choice !== null ? queues[choice - 1] : undefined;
  if (queue) {
    if (
      settings.scheduleType === 'queue' &&
      !withinWorkingHours(queue.schedules, now, settings.timeZone)
    ) {
      const text = queue.outOfHoursMessage.trim() || connection.outOfHoursMessage.trim();
      if (text) decision.replies.push(text);
      decision.ticket.isOutOfHour = true;
      decision.ticket.botAskedAt = now;
      return decision;
    }
    return enterQueue(input, decision, queue, { chosen: true });
  }
  return reask(input, decision, menu);
}

/** An invalid answer: the menu again with "invalid option", unless the re-asks are spent or too soon. */
function reask(
  input: BotInput,
  decision: BotDecision,
  menu: string,
  options: { log: boolean } = { log: true },
): BotDecision {
  const { ticket, connection, now } = input;
  if (
    !mayAskAgain(
      ticket.amountUsedBotQueues,
      connection.maxUseBotQueues,
      ticket.botAskedAt,
      connection.timeUseBotQueues,
      now,
    )
  )
    return decision;
  decision.replies.push(`${input.texts.invalidOption}\n\n${menu}`);
  decision.ticket.amountUsedBotQueues = ticket.amountUsedBotQueues + 1;
  decision.ticket.botAskedAt = now;
  if (options.log) decision.logs.push('chatBot');
  return decision;
}

/**
 * The ticket joins a queue: its bot when it has one, else its options when it has some, else its greeting
 * and the wait for an agent. A queue entered by a menu choice starts its bot without passing the choice on.
 */
function enterQueue(
  input: BotInput,
  decision: BotDecision,
  queue: BotQueue,
  { chosen }: { chosen: boolean },
): BotDecision {
  const { settings, now } = input;
  decision.ticket.queueId = queue.id;
  decision.ticket.amountUsedBotQueues = 0;
  decision.ticket.chatbotId = null;
  decision.logs.push('queue');
  const bot: ExternalBot | null =
    queue.integrationId !== null
      ? { integrationId: queue.integrationId }
      : queue.promptId !== null
        ? { promptId: queue.promptId }
        : null;
  if (bot) {
    if (queue.greetingMessage.trim()) decision.replies.push(queue.greetingMessage.trim());
    if ('integrationId' in bot) {
      decision.ticket.useIntegration = true;
      decision.ticket.integrationId = bot.integrationId;
    } else decision.ticket.promptId = bot.promptId;
    decision.ticket.isBot = false;
    decision.handOff = { bot, forward: !chosen };
    return decision;
  }
  if (queue.options.length > 0) {
    decision.replies.push(
      menuText(input.texts, queue.greetingMessage, queue.options, { back: true, exit: true }),
    );
    decision.ticket.isBot = true;
    decision.ticket.botAskedAt = now;
    return decision;
  }
  if (queue.greetingMessage.trim()) decision.replies.push(queue.greetingMessage.trim());
  if (queue.fileListId !== null) decision.fileListId = queue.fileListId;
  decision.ticket.isBot = false;
  if (queue.closeTicket) decision.close = 'silent';
  else if (settings.sendQueuePosition) decision.tellQueuePosition = true;
  return decision;
}

/** An answer inside the queue's option tree: pick, "#" back, the exit word (or "Sair") out, or re-ask. */
function chatbotStep(input: BotInput, decision: BotDecision): BotDecision {
  const { ticket, connection, settings, message, texts } = input;
  const queue = connection.queues.find((q) => q.id === ticket.queueId);
  if (!queue || queue.options.length === 0) return decision;
  const here = ticket.chatbotId !== null ? findOption(queue.options, ticket.chatbotId) : null;
  const level = here ? here.option.options : queue.options;
  const levelMenu = (greeting: string, options: BotOption[]) =>
    menuText(texts, greeting, options, { back: true, exit: true });
  const answer = message.body.trim();

  if (isExitWord(texts, answer)) {
    decision.close = 'completion';
    return decision;
  }
  if (answer === '#') {
    decision.ticket.amountUsedBotQueues = 0;
    decision.ticket.botAskedAt = input.now;
    if (here) {
      const parent = here.parent;
      decision.ticket.chatbotId = parent?.id ?? null;
      decision.replies.push(
        parent
          ? levelMenu(parent.greetingMessage, parent.options)
          : levelMenu(queue.greetingMessage, queue.options),
      );
      return decision;
    }
    if (connection.queues.length > 1) {
      // back from the queue's options to the choice of queue
      decision.ticket.queueId = null;
      decision.replies.push(menuText(texts, connection.greetingMessage, connection.queues));
      return decision;
    }
    decision.replies.push(levelMenu(queue.greetingMessage, queue.options));
    return decision;
  }

  const choice = parseChoice(answer);
  const option = choice !== null ? level[choice - 1] : undefined;
  if (!option) {
    const current = here
      ? levelMenu(here.option.greetingMessage, level)
      : levelMenu(queue.greetingMessage, level);
    return reask(input, decision, current);
  }
  decision.ticket.amountUsedBotQueues = 0;
  decision.ticket.botAskedAt = input.now;
  decision.logs.push('chatBot');
  const greeting = option.greetingMessage.trim();
  const leave = () => {
    decision.ticket.isBot = false;
    decision.ticket.chatbotId = null;
    if (settings.sendQueuePosition) decision.tellQueuePosition = true;
  };
  switch (option.queueType) {
    case 'text':
      if (option.options.length > 0) {
        decision.replies.push(levelMenu(option.greetingMessage, option.options));
        decision.ticket.chatbotId = option.id;
      } else {
        if (greeting) decision.replies.push(greeting);
        leave();
      }
      break;
    case 'queue':
      if (greeting) decision.replies.push(greeting);
      decision.ticket.queueId = option.optQueueId ?? queue.id;
      decision.ticket.status = 'pending';
      decision.logs.push('queue');
      leave();
      break;
    case 'attendent':
      if (greeting) decision.replies.push(greeting);
      decision.ticket.queueId = option.optQueueId ?? queue.id;
      decision.ticket.userId = option.optUserId;
      decision.ticket.status = 'pending';
      leave();
      decision.tellQueuePosition = false;
      break;
    case 'integration':
      if (greeting) decision.replies.push(greeting);
      if (option.optIntegrationId !== null) {
        decision.ticket.integrationId = option.optIntegrationId;
        decision.ticket.useIntegration = true;
        decision.handOff = { bot: { integrationId: option.optIntegrationId }, forward: false };
      }
      decision.ticket.isBot = false;
      decision.ticket.chatbotId = null;
      break;
    case 'file':
      if (greeting) decision.replies.push(greeting);
      if (option.optFileId !== null) decision.fileListId = option.optFileId;
      break;
  }
  if (option.closeTicket) decision.close = 'completion';
  return decision;
}
