import type { MigrationInterface } from 'typeorm';

import { ContactsTags1800000001000 } from './1800000001000-contacts-tags.js';
import { QueuesQuickMessages1800000002000 } from './1800000002000-queues-quick-messages.js';
import { TicketsMessages1800000003000 } from './1800000003000-tickets-messages.js';
import { MessagesExtra1800000003500 } from './1800000003500-messages-extra.js';

type MigrationClass = new () => MigrationInterface;

/**
 * tickets's own migrations, oldest first (the platform migrations, outbox and processed-event
 * tables, run before them at boot).
 */
export const ticketsMigrations: MigrationClass[] = [
  ContactsTags1800000001000,
  QueuesQuickMessages1800000002000,
  TicketsMessages1800000003000,
  MessagesExtra1800000003500,
];
