import type { MigrationInterface } from 'typeorm';

import { ContactsTags1800000001000 } from './1800000001000-contacts-tags.js';
import { ContactImportCounts1800000015200 } from './1800000015200-contact-import-counts.js';
import { QueuesQuickMessages1800000002000 } from './1800000002000-queues-quick-messages.js';
import { TicketsMessages1800000003000 } from './1800000003000-tickets-messages.js';
import { MessagesExtra1800000003500 } from './1800000003500-messages-extra.js';
import { TicketListIndexes1800000004000 } from './1800000004000-ticket-list-indexes.js';
import { ApiUsage1800000006000 } from './1800000006000-api-usage.js';
import { QueueIntegrations1800000010000 } from './1800000010000-queue-integrations.js';
import { Prompts1800000011000 } from './1800000011000-prompts.js';
import { FileLists1800000011500 } from './1800000011500-file-lists.js';
import { AutomationJobs1800000012000 } from './1800000012000-automation-jobs.js';
import { BotStoppedAt1800000012500 } from './1800000012500-bot-stopped-at.js';
import { TicketRouting1800000014000 } from './1800000014000-ticket-routing.js';
import { OnDutyAlerts1800000014700 } from './1800000014700-on-duty-alerts.js';
import { TenantRowSecurity1800000090000 } from './1800000090000-tenant-row-security.js';
import { CompanyFences1800000190000 } from './1800000190000-company-fences.js';

import { ContactReferenceIndexes1800000195000 } from './1800000195000-contact-reference-indexes.js';

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
  TicketListIndexes1800000004000,
  ApiUsage1800000006000,
  QueueIntegrations1800000010000,
  Prompts1800000011000,
  FileLists1800000011500,
  AutomationJobs1800000012000,
  BotStoppedAt1800000012500,
  TicketRouting1800000014000,
  OnDutyAlerts1800000014700,
  ContactImportCounts1800000015200,
  TenantRowSecurity1800000090000,
  CompanyFences1800000190000,
  ContactReferenceIndexes1800000195000,
];
export { ticketsTenantTables } from './1800000090000-tenant-row-security.js';
