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

/** One link of the drawer: its section, path, label, icon, who may see it and what it carries. */
const link = (
  section: MenuSection,
  to: string,
  labelKey: ParseKeys<'routes'>,
  icon: IconType,
  access?: AccessRule,
  more: Pick<MenuItem, 'indicator' | 'campaignsOnly'> = {},
): MenuItem => ({ to, labelKey, icon, section, ...(access && { access }), ...more });

const admin: AccessRule = { admin: true };
/** an admin's link that the company's plan must also allow */
const adminWith = (planFlag: AccessRule['planFlag']): AccessRule => ({ admin: true, planFlag });
const adminWithCampaigns = adminWith('useCampaigns');
const kanban: AccessRule = { planFlag: 'useKanban' };
const campaignsOnly = { campaignsOnly: true };

/** The drawer of spec 1 §2 "Side menu", in order, with each link's condition. */
export const MenuItems: readonly MenuItem[] = [
  link('main', '/', 'dashboard', LuGauge, admin),
  link('main', '/tickets', 'tickets', LuTicket),
  link('main', '/moments', 'moments', LuLayers),
  link('main', '/quick-messages', 'quickMessages', LuZap),
  link('main', '/Kanban', 'kanban', LuKanban, kanban),
  link('main', '/TagsKanban', 'tagsKanban', LuListChecks, kanban),
  link('main', '/contacts', 'contacts', LuContact),
  link('main', '/schedules', 'schedules', LuCalendarClock, { planFlag: 'useSchedules' }),
  link('main', '/tags', 'tags', LuTags),
  link(
    'main',
    '/chats',
    'chats',
    LuMessagesSquare,
    { planFlag: 'useInternalChat' },
    {
      indicator: 'chatsUnread',
    },
  ),
  link('main', '/helps', 'helps', LuCircleHelp),
  // not in spec 1's drawer list, but a private route for every profile (spec 3 §2.1): linked for all
  link('main', '/todolist', 'todolist', LuListTodo),
  link('admin', '/campaigns', 'campaigns', LuRocket, adminWithCampaigns, campaignsOnly),
  link('admin', '/contact-lists', 'contactLists', LuBookOpen, adminWithCampaigns, campaignsOnly),
  link(
    'admin',
    '/campaigns-config',
    'campaignsConfig',
    LuSlidersHorizontal,
    adminWithCampaigns,
    campaignsOnly,
  ),
  link('admin', '/messages-api', 'messagesApi', LuCode, adminWith('useExternalApi')),
  link('admin', '/users', 'users', LuUsers, admin),
  link('admin', '/queues', 'queues', LuWorkflow, admin),
  link('admin', '/prompts', 'prompts', LuSparkles, adminWith('useOpenAi')),
  link('admin', '/queue-integration', 'queueIntegration', LuBot, adminWith('useIntegration')),
  link('admin', '/connections', 'connections', LuSmartphone, admin, {
    indicator: 'connectionsError',
  }),
  link('admin', '/files', 'files', LuFiles, admin),
  link('admin', '/audit-log', 'auditLog', LuHistory, admin),
  link('admin', '/reports/tickets', 'reports', LuFileSpreadsheet, admin),
  link('admin', '/settings', 'settings', LuSettings, admin),
  link('super', '/announcements', 'announcements', LuMegaphone, { super: true }),
  link('super', '/companies', 'companies', LuBuilding2, { super: true }),
];

export const menuItemsFor = (user: SessionUser, campaignRoutes = true): MenuItem[] =>
  MenuItems.filter(
    (item) => canAccess(user, item.access) && (campaignRoutes || !item.campaignsOnly),
  );
