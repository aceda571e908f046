import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Chat, ChatMessage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireSocket, forgetSocketListeners } from '../../test/fake-socket.js';
import { readRequest } from '../../test/fake-fetch.js';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const me = sessionUser({ id: 7, name: 'Ana Souza', flags: { useInternalChat: true } });
const at = (minute: number) => new Date(2026, 0, 5, 9, minute, 0).toISOString();

const chat = (id: number, extra: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Chat ${id}`,
  ownerId: 7,
  users: [
    { chatId: id, userId: 7, unreads: 0, lastReadAt: null, user: { id: 7, name: 'Ana Souza' } },
    { chatId: id, userId: 8, unreads: 0, lastReadAt: null, user: { id: 8, name: 'Bruno Lima' } },
  ],
  lastMessage: '',
  createdAt: at(0),
  updatedAt: at(id),
  ...extra,
});
const message = (id: number, text: string, senderId = 8): ChatMessage => ({
  id,
  chatId: 1,
  senderId,
  sender: { id: senderId, name: senderId === 8 ? 'Bruno Lima' : 'Ana Souza' },
  message: text,
  createdAt: at(id),
});

let urls: string[] = [];
const fetchedUrls = () => urls;

const stub = (chats: Chat[], messages: ChatMessage[] = []) => {
  urls = [];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const { pathname, search } = new URL(request.url);
      urls.push(`${pathname}${search}`);
      calls.push({ method: request.method, path: pathname, body });
      if (pathname === '/chats/' && request.method === 'GET')
        return Response.json({ records: chats, hasMore: false });
      if (pathname === '/chats' && request.method === 'POST')
        return Response.json(chat(9, { title: (body as { title: string }).title }), {
          status: 201,
        });
      if (/^\/chats\/\d+\/messages$/.test(pathname) && request.method === 'GET')
        return Response.json({ records: messages, count: messages.length, hasMore: false });
      if (/^\/chats\/\d+\/read$/.test(pathname)) return Response.json(chats[0]);
      if (pathname === '/users/list')
        return Response.json([
          { id: 7, name: 'Ana Souza', profile: 'admin' },
          { id: 8, name: 'Bruno Lima', profile: 'user' },
        ]);
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { calls };
};

describe('internal chat page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSocketListeners();
  });

  it('opens a chat from the list: its messages, a mention link, and the unread chat marked read', async () => {
    const unread = chat(1, {
      lastMessage: 'see #42',
      users: chat(1).users.map((m) => (m.userId === 7 ? { ...m, unreads: 2 } : m)),
    });
    const { calls } = stub([chat(2), unread], [message(1, 'Hello'), message(2, 'see #42')]);
    await renderApp('/chats', me);
    const items = await screen.findAllByTestId('chat-item');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Chat 2', 'Chat 1']);
    expect(within(items[1]!).getByLabelText('2 unread messages')).toBeTruthy();

    fireEvent.click(items[1]!);
    const panel = await screen.findByTestId('chat-panel');
    await within(panel).findByText('Hello');
    expect(within(panel).getByRole('button', { name: 'Open ticket 42' }).textContent).toBe('#42');
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/chats/1/read', body: { userId: 7 } }),
      ),
    );
  });

  it('shows new messages and who is typing as the socket tells', async () => {
    stub([chat(1)], [message(1, 'Hello')]);
    await renderApp(`/chats/${chat(1).uuid}`, me);
    const panel = await screen.findByTestId('chat-panel');
    await within(panel).findByText('Hello');
    fireSocket('company-2-chat', {
      action: 'typing',
      chatId: 1,
      user: { id: 8, name: 'Bruno Lima' },
    });
    expect(await within(panel).findByText('Bruno Lima is typing…')).toBeTruthy();
    fireSocket('company-2-chat', {
      action: 'new-message',
      newMessage: message(3, 'Fresh news'),
      chat: chat(1, { lastMessage: 'Fresh news', updatedAt: at(30) }),
    });
    expect(await within(panel).findByText('Fresh news')).toBeTruthy();
    // the typist's message ends their typing
    await waitFor(() => expect(within(panel).queryByText('Bruno Lima is typing…')).toBeNull());
  });

  it('searches the chats after the typing pauses', async () => {
    stub([chat(1)]);
    await renderApp('/chats', me);
    await screen.findAllByTestId('chat-item');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search chats' }), {
      target: { value: ' night ' },
    });
    await waitFor(() => expect(fetchedUrls()).toContain('/chats/?searchParam=night&pageNumber=1'));
  });

  it('keeps save off until the chat has a title and a user', async () => {
    const { calls } = stub([]);
    await renderApp('/chats', me);
    fireEvent.click(await screen.findByRole('button', { name: 'New chat' }));
    const form = await screen.findByTestId('chat-form');
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Title/ }), {
      target: { value: 'Night shift' },
    });
    expect(save.disabled).toBe(true);
    // the caller is not offered: they are always in the chat
    expect(within(form).queryByText('Ana Souza')).toBeNull();
    fireEvent.click(await within(form).findByText('Bruno Lima'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/chats',
          body: { title: 'Night shift', users: [8] },
        }),
      ),
    );
  });
});
