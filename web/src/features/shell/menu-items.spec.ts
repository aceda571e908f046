import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/session-user.js';
import { menuItemsFor } from './menu-items.js';

const links = (user: Parameters<typeof menuItemsFor>[0]) =>
  menuItemsFor(user).map((item) => item.to);
const everyone = [
  '/tickets',
  '/moments',
  '/quick-messages',
  '/contacts',
  '/tags',
  '/helps',
  '/todolist',
];

describe('drawer links', () => {
  it('gives an agent on a plan without flags only the links for all users', () => {
    expect(links(sessionUser())).toEqual(everyone);
  });

  it('adds the plan-flag links of an agent: kanban, schedules, internal chat', () => {
    const to = links(
      sessionUser({ flags: { useKanban: true, useSchedules: true, useInternalChat: true } }),
    );
    expect(to).toEqual(expect.arrayContaining(['/Kanban', '/TagsKanban', '/schedules', '/chats']));
    expect(to).not.toContain('/campaigns');
    expect(to).not.toContain('/users');
  });

  it('never shows an agent the admin section, whatever the plan', () => {
    const to = links(
      sessionUser({ flags: { useCampaigns: true, useOpenAi: true, useExternalApi: true } }),
    );
    for (const admin of [
      '/',
      '/campaigns',
      '/prompts',
      '/messages-api',
      '/users',
      '/connections',
    ]) {
      expect(to).not.toContain(admin);
    }
  });

  it('shows an admin the dashboard and the admin links without plan flags', () => {
    const to = links(sessionUser({ profile: 'admin' }));
    expect(to).toEqual([
      '/',
      ...everyone,
      '/users',
      '/queues',
      '/connections',
      '/files',
      '/audit-log',
      '/reports/tickets',
      '/settings',
    ]);
  });

  it('shows an admin each plan-gated admin link only with its flag', () => {
    const to = links(
      sessionUser({
        profile: 'admin',
        flags: { useCampaigns: true, useExternalApi: true, useOpenAi: true, useIntegration: true },
      }),
    );
    expect(to).toEqual(
      expect.arrayContaining([
        '/campaigns',
        '/contact-lists',
        '/campaigns-config',
        '/messages-api',
        '/prompts',
        '/queue-integration',
      ]),
    );
    const onlyOpenAi = links(sessionUser({ profile: 'admin', flags: { useOpenAi: true } }));
    expect(onlyOpenAi).toContain('/prompts');
    expect(onlyOpenAi).not.toContain('/queue-integration');
    expect(onlyOpenAi).not.toContain('/campaigns');
  });

  it('shows announcements and companies to super users only', () => {
    expect(links(sessionUser({ profile: 'admin' }))).not.toContain('/companies');
    const superUser = links(sessionUser({ profile: 'admin', super: true }));
    expect(superUser.slice(-2)).toEqual(['/announcements', '/companies']);
  });
});
