import type { TicketWrite } from '../../tickets/core/tickets.repository.js';
import type { ReplyForm } from './reply-form.js';
import type { BotMessage } from '../../tickets/core/automation-jobs.js';

/** The contact's message as an external bot gets it (null when the bot is only started; defined with the jobs that carry it). */
export type { BotMessage };

/** Who and where the conversation is, for the bots that want it (webhooks, Typebot variables). */
export type BotConversation = {
  companyId: number;
  connectionId: number | null;
  ticket: {
    id: number;
    uuid: string;
    status: string;
    queueId: number | null;
    typebotSessionId: string | null;
    typebotSessionAt: Date | null;
  };
  contact: { id: number; name: string; number: string };
  now: Date;
};

/**
 * What an external bot wants done after one message: texts to say (with a pause between them), then
 * maybe a hand-off to people (a queue, an agent) or the end of the conversation. `state` is the bot's
 * own memory on the ticket (the Typebot session).
 */
export type BotOutcome = {
  texts: string[];
  delayMs?: number;
  /** the bot is done: people take over, in the named queue (or the ticket's) and maybe with an agent */
  handOver?: { queueId: number | null; userId: number | null };
  /** the bot ended the conversation: the ticket closes with the completion message */
  close?: boolean;
  state?: Pick<TicketWrite, 'typebotSessionId' | 'typebotStatus' | 'typebotSessionAt'>;
  /** how the texts are said (written when absent): a prompt with a voice speaks them */
  form?: ReplyForm;
};

export const nothing = (): BotOutcome => ({ texts: [] });
