import type { MessageRecord, SessionUser, TicketRecord } from '@sb/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { readRequest } from '../../test/fake-fetch.js';

/** Test data of the ticket and kanban specs (never imported by the app). */
export const uuidOf = (id: number) => `0b5a4f2e-1c3d-4e5f-8a9b-${String(id).padStart(12, '0')}`;

export const ticketRecord = (id: number, extra: Partial<TicketRecord> = {}): TicketRecord => ({
  id,
  uuid: uuidOf(id),
  companyId: 2,
  status: 'open',
  isGroup: false,
  isBot: false,
  channel: 'whatsapp',
  queueId: 5,
  queue: { id: 5, name: 'Sales', color: '#00aa00' },
  userId: 7,
  user: { id: 7, name: 'Ana Souza' },
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Main line', groupAsTicket: 'disabled', channel: 'whatsapp' },
  contactId: 10 + id,
  contact: {
    id: 10 + id,
    name: `Contact ${id}`,
    number: `551199900${id}`,
    urlPicture: null,
    channel: 'whatsapp',
    isGroup: false,
    active: true,
  },
  tags: [],
  lastMessage: `last of ${id}`,
  unreadMessages: 0,
  updatedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  useIntegration: false,
  code: `P${id}`,
  userRating: null,
  ...extra,
});

export const messageRecord = (id: string, extra: Partial<MessageRecord> = {}): MessageRecord => ({
  id,
  ticketId: 1,
  contactId: 11,
  companyId: 2,
  body: `body of ${id}`,
  fromMe: false,
  ack: 3,
  read: true,
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  isPrivate: false,
  quotedMsg: null,
  queueId: 5,
  contact: { id: 11, name: 'Contact 1' },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...extra,
});

type Handler = (payload: unknown) => void;

/** A socket double: records listeners and emits, and lets a test fire a server event. */
export const createFakeSocket = () => {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: [string, unknown][] = [];
  return {
    emitted,
    connected: true,
    on(name: string, handler: Handler) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)?.add(handler);
    },
    off(name: string, handler: Handler) {
      handlers.get(name)?.delete(handler);
    },
    emit(name: string, value: unknown) {
      emitted.push([name, value]);
    },
    fire(name: string, payload: unknown) {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    },
    reset() {
      handlers.clear();
      emitted.length = 0;
    },
  };
};

export type Call = { method: string; url: URL; body?: unknown };

/** Stubs fetch with a router of `METHOD /path` → answer; unknown GETs answer an empty list. */
export const stubFetch = (route: (method: string, url: URL, body: unknown) => unknown): Call[] => {
  const calls: Call[] = [];
  const fetchStub = async (input: RequestInfo | URL) => {
    const { request, body } = await readRequest(input);
    const url = new URL(request.url);
    calls.push({ method: request.method, url, body });
    const answer = route(request.method, url, body);
    if (answer instanceof Response) return answer;
    if (answer !== undefined) return Response.json(answer);
    return Response.json(request.method === 'GET' ? [] : {});
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return calls;
};

/**
 * Renders the app like `renderApp`, inside an async act that also lets the first effects settle
 * (Chakra's tabs measure their indicator and the toaster subscribes after mounting).
 */
export const renderSettled = async (path: string, user: SessionUser) => {
  let view: Awaited<ReturnType<typeof renderApp>> | undefined;
  await act(async () => {
    view = await renderApp(path, user);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return view as Awaited<ReturnType<typeof renderApp>>;
};

/** Opens a message's menu by its chevron, as a keyboard or mouse user does, and finds one action. */
export const messageMenuItem = async (message: HTMLElement, name: string): Promise<HTMLElement> => {
  fireEvent.click(within(message).getByRole('button', { name: 'Message actions' }));
  return screen.findByRole('menuitem', { name });
};

/** The names of the actions a message's menu offers ([] when it has no menu). */
export const messageMenuNames = async (message: HTMLElement): Promise<string[]> => {
  const chevron = within(message).queryByRole('button', { name: 'Message actions' });
  if (!chevron) return [];
  fireEvent.click(chevron);
  const menu = await screen.findByTestId('message-menu');
  const names = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label') ?? item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  return names;
};
