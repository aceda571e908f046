import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type FetchCall } from '../test/fake-fetch.js';
import { renderApp } from '../test/render-app.js';
import { sessionUser } from '../test/session-user.js';

vi.mock('../api/socket.js', () => ({
  connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
  disconnectSocket: vi.fn(),
  currentSocket: () => null,
  onSocket: () => () => undefined,
}));

/** The list routes that answer a bare array; every other list answers a page object. */
const ArrayRoutes = new Set([
  '/queue',
  '/whatsapp',
  '/helps/list',
  '/plantao',
  '/plans/all',
  '/plans/list',
  '/invoices/all',
  '/tags/list',
  '/tags/kanban',
  '/users/list',
  '/quick-messages/list',
  '/contact-lists/list',
  '/contacts/list',
  '/settings',
]);

/** An empty page of every paged list the screens read (each reads its own field). */
const EmptyPage = {
  users: [],
  contacts: [],
  tags: [],
  companies: [],
  records: [],
  schedules: [],
  prompts: [],
  queueIntegrations: [],
  files: [],
  entries: [],
  count: 0,
  hasMore: false,
};

/** The API with nothing in it: every list empty. */
const stubEmptyApi = () => {
  const calls: FetchCall[] = [];
  stubFetch(calls, (request) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET') return Response.json({ message: 'ok' });
    if (path === '/companySettingOne') return Response.json({ campaignsEnabled: 'enabled' });
    if (/^\/contact-lists\/\d+$/.test(path)) return Response.json({ id: 4, name: 'Leads' });
    return Response.json(ArrayRoutes.has(path) ? [] : EmptyPage);
  });
  return calls;
};

/** A super admin whose plan has every flag: every list screen is open to them. */
const everyScreenUser = () =>
  sessionUser({
    profile: 'admin',
    super: true,
    flags: {
      useCampaigns: true,
      useSchedules: true,
      useOpenAi: true,
      useIntegration: true,
      useKanban: true,
      useInternalChat: true,
      useExternalApi: true,
    },
  } as Parameters<typeof sessionUser>[0]);

/** Every list screen of the app (issue 28: empty tables without an empty state). */
const ListScreens = [
  '/users',
  '/contacts',
  '/tags',
  '/TagsKanban',
  '/companies',
  '/queues',
  '/quick-messages',
  '/campaigns',
  '/contact-lists',
  '/contact-lists/4/contacts',
  '/schedules',
  '/prompts',
  '/queue-integration',
  '/files',
  '/announcements',
  '/connections',
  '/plantao',
  '/audit-log',
];

/** Where a first-step list's empty state leads. */
const NextStep: Record<string, string> = { '/queues': '/connections', '/connections': '/queues' };

describe('empty states', () => {
  beforeEach(() => {
    // the campaign pages exist only while the browser flag is kept
    window.localStorage.setItem('cshow', 'true');
    stubEmptyApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(ListScreens)(
    '%s says it has nothing yet instead of an empty table',
    async (path) => {
      await renderApp(path, everyScreenUser());
      const empty = await screen.findByTestId('table-empty', {}, { timeout: 10_000 });
      expect(empty.textContent?.trim().length).toBeGreaterThan(5);
      // a first step leads to the next one: no queues to the connections, and back
      const links = within(empty).queryAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        NextStep[path] ? [NextStep[path]] : [],
      );
    },
    30_000,
  );
});
