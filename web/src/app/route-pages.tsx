import { loadAppNamespaces, loadPageNamespaces } from './i18n.js';
import { lazyComponent, lazyPage, type LazyPage } from './lazy-page.js';
import { PublicRoutePages } from '../features/auth/public-route-pages.js';

/**
 * The screen of each route, by its title key in route-table.ts, each in its own chunk so a page loads
 * only the code it shows. A route without an entry shows its title only (its feature is owned by a
 * later issue). Features add one line here.
 */
export const RoutePages: Partial<Record<string, LazyPage>> = {
  companies: lazyPage(() =>
    import('../features/companies/companies-page.js').then((m) => m.CompaniesPage),
  ),
  helps: lazyPage(() => import('../features/helps/helps-page.js').then((m) => m.HelpsPage)),
  announcements: lazyPage(() =>
    import('../features/announcements/announcements-page.js').then((m) => m.AnnouncementsPage),
  ),
  users: lazyPage(() => import('../features/users/users-page.js').then((m) => m.UsersPage)),
  queues: lazyPage(() => import('../features/queues/queues-page.js').then((m) => m.QueuesPage)),
  quickMessages: lazyPage(() =>
    import('../features/quick-messages/quick-messages-page.js').then((m) => m.QuickMessagesPage),
  ),
  queueIntegration: lazyPage(() =>
    import('../features/queue-integrations/queue-integrations-page.js').then(
      (m) => m.QueueIntegrationsPage,
    ),
  ),
  prompts: lazyPage(() => import('../features/prompts/prompts-page.js').then((m) => m.PromptsPage)),
  files: lazyPage(() =>
    import('../features/file-lists/file-lists-page.js').then((m) => m.FileListsPage),
  ),
  settings: lazyPage(() =>
    import('../features/settings/settings-page.js').then((m) => m.SettingsPage),
  ),
  contacts: lazyPage(() =>
    import('../features/contacts/contacts-page.js').then((m) => m.ContactsPage),
  ),
  tags: lazyPage(() => import('../features/tags/tags-page.js').then((m) => m.TagsPage)),
  tagsKanban: lazyPage(() => import('../features/tags/tags-page.js').then((m) => m.TagsKanbanPage)),
  tickets: lazyPage(() => import('../features/tickets/tickets-page.js').then((m) => m.TicketsPage)),
  kanban: lazyPage(() => import('../features/kanban/kanban-page.js').then((m) => m.KanbanPage)),
  connections: lazyPage(() =>
    import('../features/connections/connections-page.js').then((m) => m.ConnectionsPage),
  ),
  messagesApi: lazyPage(() =>
    import('../features/messages-api/messages-api-page.js').then((m) => m.MessagesApiPage),
  ),
  schedules: lazyPage(() =>
    import('../features/schedules/schedules-page.js').then((m) => m.SchedulesPage),
  ),
  dashboard: lazyPage(() =>
    import('../features/dashboard/dashboard-page.js').then((m) => m.DashboardPage),
  ),
  moments: lazyPage(() => import('../features/moments/moments-page.js').then((m) => m.MomentsPage)),
  reports: lazyPage(() => import('../features/reports/reports-page.js').then((m) => m.ReportsPage)),
  auditLog: lazyPage(() =>
    import('../features/audit-log/audit-log-page.js').then((m) => m.AuditLogPage),
  ),
  todolist: lazyPage(() => import('../features/todo/todo-page.js').then((m) => m.TodoPage)),
  chats: lazyPage(() => import('../features/chats/chats-page.js').then((m) => m.ChatsPage)),
  plantao: lazyPage(() => import('../features/on-duty/on-duty-page.js').then((m) => m.OnDutyPage)),
  contactLists: lazyPage(() =>
    import('../features/contact-lists/contact-lists-page.js').then((m) => m.ContactListsPage),
  ),
  contactListItems: lazyPage(() =>
    import('../features/contact-lists/contact-list-items-page.js').then(
      (m) => m.ContactListItemsPage,
    ),
  ),
  campaigns: lazyPage(() =>
    import('../features/campaigns/campaigns-page.js').then((m) => m.CampaignsPage),
  ),
  campaignReport: lazyPage(() =>
    import('../features/campaigns/campaign-report-page.js').then((m) => m.CampaignReportPage),
  ),
  campaignsConfig: lazyPage(() =>
    import('../features/contact-lists/campaigns-config-page.js').then((m) => m.CampaignsConfigPage),
  ),
};

/** The frame of signup and password recovery (public layout, plain CSS), off the logged-in path. */
export const PublicPage = lazyComponent(() =>
  import('../features/auth/public-page.js').then((m) => m.PublicPage),
);

/** The logged-in frame (drawer, top bar, live socket) with the texts of the logged-in pages. */
export const AppShellPage = lazyPage(async () => {
  const [shell] = await Promise.all([
    import('../features/shell/app-shell.js'),
    loadAppNamespaces(),
  ]);
  return shell.AppShell;
});

/** Loads every lazy screen now, so they render without suspending (the tests render whole pages). */
export const preloadRoutePages = () =>
  Promise.all([
    ...[
      ...Object.values(RoutePages),
      ...Object.values(PublicRoutePages),
      AppShellPage,
      PublicPage,
    ].map((page) => page?.preload()),
    loadPageNamespaces(),
  ]);
