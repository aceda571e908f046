// The English texts are the source of the translation keys: `t('missing.key')` fails the typecheck.
// Every language has the same keys (locales/locales.spec.ts), so English stands for all four.
import 'i18next';
import type announcements from '../locales/en/announcements.json';
import type audit from '../locales/en/audit.json';
import type auth from '../locales/en/auth.json';
import type campaigns from '../locales/en/campaigns.json';
import type chats from '../locales/en/chats.json';
import type common from '../locales/en/common.json';
import type companies from '../locales/en/companies.json';
import type connections from '../locales/en/connections.json';
import type contactLists from '../locales/en/contactLists.json';
import type contacts from '../locales/en/contacts.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type files from '../locales/en/files.json';
import type helps from '../locales/en/helps.json';
import type kanban from '../locales/en/kanban.json';
import type maintenance from '../locales/en/maintenance.json';
import type messagesApi from '../locales/en/messagesApi.json';
import type moments from '../locales/en/moments.json';
import type passwordReset from '../locales/en/passwordReset.json';
import type plans from '../locales/en/plans.json';
import type plantao from '../locales/en/plantao.json';
import type profile from '../locales/en/profile.json';
import type prompts from '../locales/en/prompts.json';
import type queueIntegrations from '../locales/en/queue-integrations.json';
import type queues from '../locales/en/queues.json';
import type quickMessages from '../locales/en/quick-messages.json';
import type reports from '../locales/en/reports.json';
import type routes from '../locales/en/routes.json';
import type schedules from '../locales/en/schedules.json';
import type settings from '../locales/en/settings.json';
import type shell from '../locales/en/shell.json';
import type signup from '../locales/en/signup.json';
import type subscription from '../locales/en/subscription.json';
import type tags from '../locales/en/tags.json';
import type tickets from '../locales/en/tickets.json';
import type todo from '../locales/en/todo.json';
import type users from '../locales/en/users.json';

declare module 'i18next' {
  // i18next reads its options by merging into its own interface: a `type` cannot merge
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      announcements: typeof announcements;
      audit: typeof audit;
      auth: typeof auth;
      campaigns: typeof campaigns;
      chats: typeof chats;
      common: typeof common;
      companies: typeof companies;
      connections: typeof connections;
      contactLists: typeof contactLists;
      contacts: typeof contacts;
      dashboard: typeof dashboard;
      errors: typeof errors;
      files: typeof files;
      helps: typeof helps;
      kanban: typeof kanban;
      maintenance: typeof maintenance;
      messagesApi: typeof messagesApi;
      moments: typeof moments;
      passwordReset: typeof passwordReset;
      plans: typeof plans;
      plantao: typeof plantao;
      profile: typeof profile;
      prompts: typeof prompts;
      'queue-integrations': typeof queueIntegrations;
      queues: typeof queues;
      'quick-messages': typeof quickMessages;
      reports: typeof reports;
      routes: typeof routes;
      schedules: typeof schedules;
      settings: typeof settings;
      shell: typeof shell;
      signup: typeof signup;
      subscription: typeof subscription;
      tags: typeof tags;
      tickets: typeof tickets;
      todo: typeof todo;
      users: typeof users;
    };
  }
}
