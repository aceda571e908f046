import type { ComponentType } from 'react';
import { AnnouncementsPage } from '../features/announcements/announcements-page.js';
import { CompaniesPage } from '../features/companies/companies-page.js';
import { HelpsPage } from '../features/helps/helps-page.js';
import { RecoveryPasswordPage } from '../features/password-reset/recovery-password-page.js';
import { SettingsPage } from '../features/settings/settings-page.js';
import { SignupPage } from '../features/signup/signup-page.js';
import { UsersPage } from '../features/users/users-page.js';
import { QueuesPage } from '../features/queues/queues-page.js';
import { QuickMessagesPage } from '../features/quick-messages/quick-messages-page.js';
import { QueueIntegrationsPage } from '../features/queue-integrations/queue-integrations-page.js';
import { PromptsPage } from '../features/prompts/prompts-page.js';
import { FileListsPage } from '../features/file-lists/file-lists-page.js';
import { ContactsPage } from '../features/contacts/contacts-page.js';
import { TagsKanbanPage, TagsPage } from '../features/tags/tags-page.js';
import { TicketsPage } from '../features/tickets/tickets-page.js';
import { KanbanPage } from '../features/kanban/kanban-page.js';
import { ConnectionsPage } from '../features/connections/connections-page.js';
import { MessagesApiPage } from '../features/messages-api/messages-api-page.js';
import { SchedulesPage } from '../features/schedules/schedules-page.js';
import { PlantaoPage } from '../features/plantao/plantao-page.js';

/**
 * The screen of each route, by its title key in route-table.ts. A route without an entry shows its
 * title only (its feature is owned by a later issue). Features add one line here.
 */
export const RoutePages: Partial<Record<string, ComponentType>> = {
  companies: CompaniesPage,
  helps: HelpsPage,
  announcements: AnnouncementsPage,
  users: UsersPage,
  queues: QueuesPage,
  quickMessages: QuickMessagesPage,
  queueIntegration: QueueIntegrationsPage,
  prompts: PromptsPage,
  files: FileListsPage,
  settings: SettingsPage,
  contacts: ContactsPage,
  tags: TagsPage,
  tagsKanban: TagsKanbanPage,
  tickets: TicketsPage,
  kanban: KanbanPage,
  connections: ConnectionsPage,
  messagesApi: MessagesApiPage,
  schedules: SchedulesPage,
  plantao: PlantaoPage,
};

/** Public pages (signup, password recovery) by title key, shown inside the public layout. */
export const PublicRoutePages: Partial<Record<string, ComponentType>> = {
  signup: SignupPage,
  recoveryPassword: RecoveryPasswordPage,
};
