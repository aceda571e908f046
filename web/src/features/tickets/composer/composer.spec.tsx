import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickMessageListItem, TicketRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/session-user.js';
import {
  messageRecord,
  renderSettled,
  stubFetch,
  ticketRecord,
  messageMenuItem,
  messageMenuNames,
  uuidOf,
} from '../ticket-test-data.js';

vi.mock('../../../api/socket.js', async () =>
  (await import('../../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const user = sessionUser({ queues: [{ id: 5, name: 'Sales', color: '#0a0' }] });
const quotedId = 'b0000000-0000-4000-8000-000000000001';
const replies: QuickMessageListItem[] = [
  {
    id: 1,
    shortcode: 'hello',
    message: 'Hello, how can I help?',
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
  },
  {
    id: 2,
    shortcode: 'bye',
    message: 'Goodbye!',
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
  },
];

const open = (ticket: TicketRecord) =>
  stubFetch((method, url) => {
    if (url.pathname === '/tickets') return { tickets: [], hasMore: false, count: 0 };
    if (url.pathname.startsWith('/tickets/u/')) return ticket;
    if (url.pathname === '/messages/1' && method === 'GET')
      return {
        messages: [messageRecord(quotedId, { body: 'question?' })],
        hasMore: false,
        count: 1,
      };
    if (url.pathname === '/quick-messages/list') return replies;
    if (url.pathname.startsWith('/contactTags/')) return { tags: [] };
    if (url.pathname.startsWith('/contacts/')) return {};
    if (url.pathname === '/version') return { version: '1.0.0' };
    return undefined;
  });

const sends = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/messages/1');

describe('composer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers quick replies after "/" and sends the chosen text signed by the server', async () => {
    const calls = open(ticketRecord(1));
    await renderSettled(`/tickets/${uuidOf(1)}`, user);
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: '/he' } });
    const list = await screen.findByRole('listbox', { name: 'Quick replies' });
    expect(within(list).queryByText('/bye')).toBeNull();
    fireEvent.click(within(list).getByText('/hello'));
    expect((box as HTMLTextAreaElement).value).toBe('Hello, how can I help?');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]?.body).toMatchObject({
      body: 'Hello, how can I help?',
      signMessage: true,
      isPrivate: false,
      quotedMsg: null,
      fromMe: true,
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('quotes the replied message and sends private notes unsigned', async () => {
    const calls = open(ticketRecord(1));
    await renderSettled(`/tickets/${uuidOf(1)}`, user);
    const message = await screen.findByTestId(`message-${quotedId}`);
    fireEvent.click(await messageMenuItem(message, 'Reply'));
    expect(within(screen.getByTestId('reply-preview')).getByText('question?')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Private note' }));
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: '  internal remark  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]?.body).toMatchObject({
      body: 'internal remark',
      isPrivate: true,
      signMessage: false,
      quotedMsg: { id: quotedId },
    });
    await waitFor(() => expect(screen.queryByTestId('reply-preview')).toBeNull());
  });

  it('never sends empty text and is disabled on a pending ticket', async () => {
    const calls = open(ticketRecord(1, { status: 'pending', userId: null, user: null }));
    await renderSettled(`/tickets/${uuidOf(1)}`, user);
    const box = await screen.findByLabelText('Message');
    expect(box.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    const message = await screen.findByTestId(`message-${quotedId}`);
    expect(await messageMenuNames(message)).not.toContain('Reply');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sends(calls)).toHaveLength(0);
  });

  it('shows picked files with their size and a caption, and sends them as multipart medias on Send', async () => {
    const calls = open(ticketRecord(1));
    await renderSettled(`/tickets/${uuidOf(1)}`, user);
    await screen.findByLabelText('Message');
    const offer = new File(['x'.repeat(2048)], 'offer.pdf', { type: 'application/pdf' });
    const extra = new File(['y'], 'extra.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('composer-files'), {
      target: { files: [offer, extra] },
    });
    // nothing leaves before Send: the files wait with their name and size
    const preview = await screen.findByTestId('attachment-preview');
    expect(sends(calls)).toHaveLength(0);
    expect(within(preview).getByText('offer.pdf')).toBeTruthy();
    expect(within(preview).getByText('2 kB')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Remove extra.txt' }));
    fireEvent.change(within(preview).getByLabelText('Caption'), {
      target: { value: 'our offer' },
    });
    fireEvent.click(within(preview).getByRole('button', { name: 'Send 1 file' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    const request = vi.mocked(fetch).mock.calls.at(-1)?.[0] as Request;
    const form = await request.formData();
    expect(form.getAll('medias')).toHaveLength(1);
    expect(form.get('body')).toBe('our offer');
    expect(form.get('fromMe')).toBe('true');
    await waitFor(() => expect(screen.queryByTestId('attachment-preview')).toBeNull());
  });

  it('sends nothing when the picked files are cancelled', async () => {
    const calls = open(ticketRecord(1));
    await renderSettled(`/tickets/${uuidOf(1)}`, user);
    await screen.findByLabelText('Message');
    const file = new File(['%PDF'], 'offer.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('composer-files'), { target: { files: [file] } });
    const preview = await screen.findByTestId('attachment-preview');
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
    expect(sends(calls)).toHaveLength(0);
  });
});
