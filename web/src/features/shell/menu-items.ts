import type { ParseKeys } from 'i18next';
import type { SessionUser } from '@sb/contracts';
import type { IconType } from 'react-icons';
import {
  LuBookOpen,
  LuBot,
  LuCalendarClock,
  LuCode,
  LuContact,
  LuFiles,
  LuFileSpreadsheet,
  LuHistory,
  LuGauge,
  LuKanban,
  LuLayers,
  LuListChecks,
  LuListTodo,
  LuMegaphone,
  LuMessagesSquare,
  LuRocket,
  LuSettings,
  LuSlidersHorizontal,
  LuSmartphone,
  LuSparkles,
  LuTags,
  LuTicket,
  LuBuilding2,
  LuUsers,
  LuWorkflow,
  LuZap,
  LuCircleHelp,
} from 'react-icons/lu';
import { canAccess, type AccessRule } from '../auth/access.js';

export type MenuSection = 'main' | 'admin' | 'super';
/** Indicators fed by later features' cached data. */
export type MenuIndicator = 'connectionsError' | 'chatsUnread';

export type MenuItem = {
  to: string;
  labelKey: ParseKeys<'routes'>;
  icon: IconType;
  section: MenuSection;
  access?: AccessRule;
  indicator?: MenuIndicator;
  /** shown only while the `cshow` flag exists, like its route (spec 3 §2.1) */
  campaignsOnly?: boolean;
};

/** The drawer of spec 1 §2 "Side menu", in order, with each link's condition. */
export const MenuItems: readonly MenuItem[] = [
  { to: '/', labelKey: 'dashboard', icon: LuGauge, section: 'main', access: { admin: true } },
  { to: '/tickets', labelKey: 'tickets', icon: LuTicket, section: 'main' },
  { to: '/moments', labelKey: 'moments', icon: LuLayers, section: 'main' },
  { to: '/quick-messages', labelKey: 'quickMessages', icon: LuZap, section: 'main' },
  {
    to: '/Kanban',
    labelKey: 'kanban',
    icon: LuKanban,
    section: 'main',
    access: { planFlag: 'useKanban' },
  },
  {
    to: '/TagsKanban',
    labelKey: 'tagsKanban',
    icon: LuListChecks,
    section: 'main',
    access: { planFlag: 'useKanban' },
  },
  { to: '/contacts', labelKey: 'contacts', icon: LuContact, section: 'main' },
  {
    to: '/schedules',
    labelKey: 'schedules',
    icon: LuCalendarClock,
    section: 'main',
    access: { planFlag: 'useSchedules' },
  },
  { to: '/tags', labelKey: 'tags', icon: LuTags, section: 'main' },
  {
    to: '/chats',
    labelKey: 'chats',
    icon: LuMessagesSquare,
    section: 'main',
    access: { planFlag: 'useInternalChat' },
    indicator: 'chatsUnread',
  },
  { to: '/helps', labelKey: 'helps', icon: LuCircleHelp, section: 'main' },
  // not in spec 1's drawer list, but a private route for every profile (spec 3 §2.1): linked for all
  { to: '/todolist', labelKey: 'todolist', icon: LuListTodo, section: 'main' },
  {
    to: '/campaigns',
    labelKey: 'campaigns',
    icon: LuRocket,
    section: 'admin',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    to: '/contact-lists',
    labelKey: 'contactLists',
    icon: LuBookOpen,
    section: 'admin',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    to: '/campaigns-config',
    labelKey: 'campaignsConfig',
    icon: LuSlidersHorizontal,
    section: 'admin',
    access: { admin: true, planFlag: 'useCampaigns' },
    campaignsOnly: true,
  },
  {
    to: '/messages-api',
    labelKey: 'messagesApi',
    icon: LuCode,
    section: 'admin',
    access: { admin: true, planFlag: 'useExternalApi' },
  },
  { to: '/users', labelKey: 'users', icon: LuUsers, section: 'admin', access: { admin: true } },
  {
    to: '/queues',
    labelKey: 'queues',
    icon: LuWorkflow,
    section: 'admin',
    access: { admin: true },
  },
  {
    to: '/prompts',
    labelKey: 'prompts',
    icon: LuSparkles,
    section: 'admin',
    access: { admin: true, planFlag: 'useOpenAi' },
  },
  {
    to: '/queue-integration',
    labelKey: 'queueIntegration',
    icon: LuBot,
    section: 'admin',
    access: { admin: true, planFlag: 'useIntegration' },
  },
  {
    to: '/connections',
    labelKey: 'connections',
    icon: LuSmartphone,
    section: 'admin',
    access: { admin: true },
    indicator: 'connectionsError',
  },
  { to: '/files', labelKey: 'files', icon: LuFiles, section: 'admin', access: { admin: true } },
  {
    to: '/audit-log',
    labelKey: 'auditLog',
    icon: LuHistory,
    section: 'admin',
    access: { admin: true },
  },
  {
    to: '/reports/tickets',
    labelKey: 'reports',
    icon: LuFileSpreadsheet,
    section: 'admin',
    access: { admin: true },
  },
  {
    to: '/settings',
    labelKey: 'settings',
    icon: LuSettings,
    section: 'admin',
    access: { admin: true },
  },
  {
    to: '/announcements',
    labelKey: 'announcements',
    icon: LuMegaphone,
    section: 'super',
    access: { super: true },
  },
  {
    to: '/companies',
    labelKey: 'companies',
    icon: LuBuilding2,
    section: 'super',
    access: { super: true },
  },
];

export const menuItemsFor = (user: SessionUser, campaignRoutes = true): MenuItem[] =>
  MenuItems.filter(
    (item) => canAccess(user, item.access) && (campaignRoutes || !item.campaignsOnly),
  );
