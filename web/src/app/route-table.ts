import type { ParseKeys } from 'i18next';
import type { AccessRule } from '../features/auth/access.js';

/**
 * Every private page of spec 1 §2 and spec 3 §2.1 with its access rule. `campaignsOnly` pages exist only
 * while the browser flag `cshow` is stored.
 */
export type PageRoute = {
  path: string;
  titleKey: ParseKeys<'routes'>;
  access?: AccessRule;
  campaignsOnly?: boolean;
};

export const PageRoutes: readonly PageRoute[] = [
  { path: '/tickets/:ticketId?', titleKey: 'tickets' },
  { path: '/moments', titleKey: 'moments' },
  { path: '/quick-messages', titleKey: 'quickMessages' },
  { path: '/Kanban', titleKey: 'kanban', access: { planFlag: 'useKanban' } },
  { path: '/TagsKanban', titleKey: 'tagsKanban', access: { planFlag: 'useKanban' } },
  { path: '/contacts', titleKey: 'contacts' },
  { path: '/schedules', titleKey: 'schedules', access: { planFlag: 'useSchedules' } },
  { path: '/tags', titleKey: 'tags' },
  { path: '/chats/:id?', titleKey: 'chats', access: { planFlag: 'useInternalChat' } },
  { path: '/helps', titleKey: 'helps' },
  { path: '/todolist', titleKey: 'todolist' },
  { path: '/users', titleKey: 'users', access: { admin: true } },
  { path: '/queues', titleKey: 'queues', access: { admin: true } },
  { path: '/prompts', titleKey: 'prompts', access: { admin: true, planFlag: 'useOpenAi' } },
  {
    path: '/queue-integration',
    titleKey: 'queueIntegration',
    access: { admin: true, planFlag: 'useIntegration' },
  },
  { path: '/connections', titleKey: 'connections', access: { admin: true } },
  { path: '/files', titleKey: 'files', access: { admin: true } },
  { path: '/settings', titleKey: 'settings', access: { admin: true } },
  { path: '/audit-log', titleKey: 'auditLog', access: { admin: true } },
  { path: '/reports/:kind?', titleKey: 'reports', access: { admin: true } },
  { path: '/companies', titleKey: 'companies', access: { super: true } },
  { path: '/announcements', titleKey: 'announcements', access: { super: true } },
  {
    path: '/messages-api',
    titleKey: 'messagesApi',
    access: { admin: true, planFlag: 'useExternalApi' },
  },
  { path: '/plantao', titleKey: 'plantao' },
  {
    path: '/contact-lists',
    titleKey: 'contactLists',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    path: '/contact-lists/:contactListId/contacts',
    titleKey: 'contactListItems',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    path: '/campaigns',
    titleKey: 'campaigns',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    path: '/campaign/:campaignId/report',
    titleKey: 'campaignReport',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    path: '/campaigns-config',
    titleKey: 'campaignsConfig',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
];

/** The dashboard at / is for admins; anyone else lands on the tickets. */
export const DashboardRoute: PageRoute = {
  path: '/',
  titleKey: 'dashboard',
  access: { admin: true },
};

/** Where /dashboard leads: to the dashboard at / (a 404 before). */
export const DashboardAlias = '/dashboard';

export const SubscriptionExpiredPath = '/financeiro-aberto';
