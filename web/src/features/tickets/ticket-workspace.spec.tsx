import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageRecord, TicketLogRecord, TicketRecord } from '@sb/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/toaster.js';
import { sessionUser } from '../../test/session-user.js';
import {
  createFakeSocket,
  messageRecord,
  renderSettled,
  stubFetch,
  ticketRecord,
  messageMenuItem,
  messageMenuNames,
  uuidOf,
} from './ticket-test-data.js';

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => socket.current,
    disconnectSocket: vi.fn(),
    currentSocket: () => socket.current,
  }),
);

// jsdom has no CSS.escape, which the dialogs' focus trap calls when a field inside them changes
if (typeof globalThis.CSS === 'undefined')
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/["\\]/g, '\\$&') },
    configurable: true,
  });

const queues = [{ id: 5, name: 'Sales', color: '#00aa00' }];
const admin = sessionUser({ profile: 'admin', queues });
const agent = sessionUser({ queues });

const logs: TicketLogRecord[] = [
  {
    id: 2,
    type: 'open',
    user: { id: 7, name: 'Ana Souza' },
    queue: { id: 5, name: 'Sales' },
    createdAt: '2026-11-20T10:05:00.000Z',
  },
  {
    id: 1,
    type: 'create',
    user: { id: 7, name: 'Ana Souza' },
    queue: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
];

type Extra = {
  ticket?: Partial<TicketRecord>;
  messages?: MessageRecord[];
  answer?: (method: string, url: URL) => unknown;
};

/** The API of one open ticket (#1) with its messages; `answer` overrides any route. */
const serve = ({ ticket, messages, answer }: Extra = {}) =>
  stubFetch((method, url) => {
    const overridden = answer?.(method, url);
    if (overridden !== undefined) return overridden;
    const path = url.pathname;
    if (path === '/tickets' && method === 'GET') {
      const status = url.searchParams.get('status');
      const tickets = status === 'open' ? [ticketRecord(1, ticket)] : [];
      return { tickets, hasMore: false, count: tickets.length };
    }
    if (path.startsWith('/tickets/u/')) return ticketRecord(1, ticket);
    if (path === '/messages/1' && method === 'GET')
      return { messages: messages ?? [], hasMore: false, count: messages?.length ?? 0 };
    if (path === '/tickets-log/1') return logs;
    if (path === '/contacts/11')
      return {
        id: 11,
        name: 'Contact 1',
        number: '5511999887766',
        email: '',
        active: true,
        disableBot: false,
        acceptAudioMessage: true,
        extraInfo: [],
        tags: [],
        channel: 'whatsapp',
        isGroup: false,
      };
    if (path === '/contacts' && method === 'GET')
      return {
        contacts: [{ id: 40, name: 'Dora', number: '5511988887777' }],
        hasMore: false,
        count: 1,
      };
    if (path.startsWith('/contactTags/')) return { tags: [] };
    if (path === '/schedules' && method === 'GET')
      return { schedules: [], hasMore: false, count: 0 };
    if (path === '/version') return { version: '1.0.0' };
    return undefined;
  });

const posts = (calls: ReturnType<typeof stubFetch>, path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

describe('ticket workspace', () => {
  beforeEach(() => {
    socket.current = createFakeSocket();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    // the toaster shows at most 4: one test's toasts must not hide the next one's
    toaster.remove();
  });

  it('offers new ticket and close all in the speed dial of an admin, new ticket only to an agent', async () => {
    const calls = serve();
    const view = await renderSettled('/tickets', admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Ticket actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close all' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close all' }));
    await waitFor(() => expect(posts(calls, '/tickets/closeAll')).toHaveLength(1));
    expect(posts(calls, '/tickets/closeAll')[0]?.body).toEqual({ status: 'closed', queueIds: [5] });
    view.unmount();

    serve();
    await renderSettled('/tickets', agent);
    fireEvent.click(await screen.findByRole('button', { name: 'Ticket actions' }));
    expect(screen.queryByRole('button', { name: 'Close all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New ticket' }));
    expect(await screen.findByRole('heading', { name: 'New ticket' })).toBeTruthy();
  });

  it('shows the typing contact in the row and previews a pending row read-only', async () => {
    const pending = ticketRecord(3, { status: 'pending', userId: null, user: null });
    const waiting = messageRecord('c0000000-0000-4000-8000-000000000003', {
      ticketId: 3,
      body: 'anyone there?',
    });
    serve({
      answer: (_method, url) => {
        if (url.pathname === '/tickets' && url.searchParams.get('status') === 'pending')
          return { tickets: [pending], hasMore: false, count: 1 };
        if (url.pathname === `/tickets/u/${uuidOf(3)}`) return pending;
        if (url.pathname === '/messages/3')
          return { messages: [waiting], ticket: pending, hasMore: false, count: 1 };
        return undefined;
      },
      ticket: { presence: 'composing' },
    });
    await renderSettled('/tickets', admin);
    const row = await screen.findByTestId('ticket-row-1');
    expect(within(row).getByText('typing…')).toBeTruthy();
    expect(within(row).getByLabelText('WhatsApp')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Pending/ }));
    fireEvent.click(within(await screen.findByTestId('ticket-row-3')).getByText('Contact 3'));
    // the conversation shows, with Accept in the header; nothing can be written or done to it
    expect((await screen.findByTestId('pending-preview')).textContent).toBe(
      'Preview of a waiting ticket: accept it to reply.',
    );
    const message = await screen.findByTestId('message-c0000000-0000-4000-8000-000000000003');
    expect(await messageMenuNames(message)).toEqual([]);
    expect(screen.getByLabelText('Message').hasAttribute('disabled')).toBe(true);
    expect(
      within(screen.getByTestId('chat-header')).getByRole('button', { name: 'Accept' }),
    ).toBeTruthy();
  });

  it('shows the ticket log oldest first', async () => {
    serve();
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Log' }));
    const log = await screen.findByTestId('ticket-log');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const lines = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toContain('Ticket created by Ana Souza');
    expect(lines[1]).toContain('Opened by Ana Souza in Sales');
  });

  it('says which channel error kept a message from being sent, and dates days in the language', async () => {
    serve({
      messages: [
        messageRecord('c0000000-0000-4000-8000-000000000001', {
          body: 'older',
          createdAt: new Date(2025, 0, 2, 10).toISOString(),
        }),
        messageRecord('c0000000-0000-4000-8000-000000000002', {
          body: 'not delivered',
          fromMe: true,
          ack: 0,
          sendError: 'ERR_WAPP_NOT_INITIALIZED',
        }),
      ],
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const failed = await screen.findByTestId('message-c0000000-0000-4000-8000-000000000002');
    expect(within(failed).getByTestId('send-error').textContent).toBe(
      'Not sent: This connection is not initialised. Check the connections page.',
    );
    expect(within(failed).getByLabelText('Pending')).toBeTruthy();
    const separators = screen.getAllByTestId('date-separator').map((s) => s.textContent);
    // the screen is in English: month first (pt-BR, es: 02/01/2025; see lib/dates.spec.ts)
    expect(separators).toEqual(['01/02/2025', 'TODAY']);
  });

  it('marks a deleted message and shows what is left of it (nothing once the company erased it)', async () => {
    serve({
      messages: [
        messageRecord('e0000000-0000-4000-8000-000000000001', {
          body: 'kept text',
          isDeleted: true,
        }),
        messageRecord('e0000000-0000-4000-8000-000000000002', { body: '', isDeleted: true }),
      ],
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const kept = await screen.findByTestId('message-e0000000-0000-4000-8000-000000000001');
    expect(kept.textContent).toContain('This message was deleted');
    expect(kept.textContent).toContain('kept text');
    expect(await messageMenuNames(kept)).toEqual([]);
    const erased = screen.getByTestId('message-e0000000-0000-4000-8000-000000000002');
    expect(erased.textContent).toContain('This message was deleted');
  });

  it('offers no Forward on a private note, and reacts to a message with a quick emoji', async () => {
    const calls = serve({
      messages: [
        messageRecord('f0000000-0000-4000-8000-000000000001', {
          body: 'internal',
          fromMe: true,
          isPrivate: true,
        }),
        messageRecord('f0000000-0000-4000-8000-000000000002', { body: 'from the contact' }),
      ],
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const note = await screen.findByTestId('message-f0000000-0000-4000-8000-000000000001');
    const inbound = screen.getByTestId('message-f0000000-0000-4000-8000-000000000002');
    const noteActions = await messageMenuNames(note);
    expect(noteActions).not.toContain('Forward');
    expect(noteActions).not.toContain('React with 👍');
    // while choosing messages to forward, the note has no box to tick either
    fireEvent.click(await messageMenuItem(inbound, 'Forward'));
    expect(within(note).queryByRole('checkbox')).toBeNull();
    expect(within(inbound).getByRole('checkbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await messageMenuItem(inbound, 'React with 👍'));
    await waitFor(() =>
      expect(posts(calls, '/messages/f0000000-0000-4000-8000-000000000002/reactions')).toHaveLength(
        1,
      ),
    );
    expect(
      posts(calls, '/messages/f0000000-0000-4000-8000-000000000002/reactions')[0]?.body,
    ).toEqual({ type: '👍' });
    await waitFor(() =>
      expect(screen.queryByRole('menuitem', { name: 'React with 👍' })).toBeNull(),
    );
  });

  it("opens the conversation's images on the one clicked, with previous and next", async () => {
    const image = (n: number) =>
      messageRecord(`b0000000-0000-4000-8000-00000000000${n}`, {
        body: '',
        mediaType: 'image',
        mediaName: `photo-${n}.png`,
        mediaUrl: `/media/company-2/messages/photo-${n}.png?exp=1&sig=x`,
      });
    const calls = serve({
      messages: [image(1), image(2)],
      answer: (_method, url) =>
        url.pathname === '/messages/listimages/1'
          ? {
              images: [1, 2].map((n) => ({
                id: image(n).id,
                mediaUrl: image(n).mediaUrl,
                mediaName: `photo-${n}.png`,
                fromMe: false,
                createdAt: image(n).createdAt,
              })),
            }
          : undefined,
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const second = await screen.findByTestId('message-b0000000-0000-4000-8000-000000000002');
    expect(calls.some((c) => c.url.pathname === '/messages/listimages/1')).toBe(false);
    fireEvent.click(within(second).getByRole('button', { name: 'Open image' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('gallery-position').textContent).toBe('2 of 2'),
    );
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('photo-2.png');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByTestId('gallery-position').textContent).toBe('1 of 2');
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('photo-1.png');
  });

  it("toasts the contact drawer's changes: note added and deleted, contact blocked and unblocked", async () => {
    let blocked = false;
    const notes = [
      {
        id: 3,
        note: 'Called back',
        ticketId: 1,
        contactId: 11,
        user: { name: 'Ana Souza' },
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    const calls = serve({
      answer: (method, url) => {
        if (url.pathname === '/ticket-notes/list') return notes;
        if (method === 'POST' && url.pathname === '/ticket-notes') return notes[0];
        if (method === 'PUT' && url.pathname === '/contacts/block/11') {
          blocked = !blocked;
          return { id: 11, active: !blocked };
        }
        if (url.pathname === '/contacts/11' && blocked)
          return {
            id: 11,
            name: 'Contact 1',
            number: '5511999887766',
            email: '',
            active: false,
            disableBot: false,
            acceptAudioMessage: true,
            extraInfo: [],
            tags: [],
            channel: 'whatsapp',
            isGroup: false,
          };
        return undefined;
      },
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const drawer = await screen.findByTestId('contact-drawer');
    fireEvent.change(within(drawer).getByLabelText('New note'), {
      target: { value: 'Called back' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added successfully!')).toBeTruthy();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Note deleted successfully!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/ticket-notes/3')).toBe(
      true,
    );
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Block contact' }));
    expect(await screen.findByText('Contact blocked')).toBeTruthy();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Unblock contact' }));
    expect(await screen.findByText('Contact unblocked')).toBeTruthy();
  });

  it('cycles the audio playback rate 0.5 → 1 → 1.5 → 2 and stores it as audioMessageRate', async () => {
    localStorage.setItem('audioMessageRate', '1.5');
    serve({
      messages: [
        messageRecord('d0000000-0000-4000-8000-000000000001', {
          body: '',
          mediaType: 'audio',
          mediaUrl: '/media/a.ogg',
        }),
      ],
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const rate = await screen.findByRole('button', { name: 'Playback speed' });
    expect(rate.textContent).toBe('1.5x');
    fireEvent.click(rate);
    expect(rate.textContent).toBe('2x');
    fireEvent.click(rate);
    expect(rate.textContent).toBe('0.5x');
    expect(localStorage.getItem('audioMessageRate')).toBe('0.5');
  });

  it('keeps transfer disabled until a queue is chosen, even with a user', async () => {
    const calls = serve({
      ticket: { queueId: null, queue: null },
      answer: (_method, url) => {
        if (url.pathname === '/users/list') return [{ id: 8, name: 'Bruno' }];
        if (url.pathname === '/queue') return [{ id: 5, name: 'Sales', color: '#00aa00' }];
        return undefined;
      },
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    fireEvent.click(
      await within(await screen.findByTestId('chat-header')).findByRole('button', {
        name: 'Transfer',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    await within(dialog).findByText('Bruno');
    fireEvent.change(within(dialog).getByLabelText('User'), { target: { value: '8' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await within(dialog).findByText('Sales');
    fireEvent.change(within(dialog).getByLabelText('Queue'), { target: { value: '5' } });
    expect(submit.hasAttribute('disabled')).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.url.pathname === '/tickets/1')?.body,
      ).toMatchObject({
        status: 'open',
        userId: 8,
        queueId: 5,
      }),
    );
  });

  it('warns that a tag is required when closing is refused by requiredTag', async () => {
    serve({
      answer: (method, url) =>
        method === 'PUT' && url.pathname === '/tickets/1'
          ? Response.json(
              { error: 'ERR_TICKET_TAG_REQUIRED', message: 'Assign a tag' },
              { status: 400 },
            )
          : undefined,
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close without farewell' }));
    expect(
      await screen.findByText('Assign a tag to the contact before closing the ticket.'),
    ).toBeTruthy();
    expect(screen.getByTestId('toast-warning')).toBeTruthy();
  });

  it('sends a contact card chosen in the send-contact modal', async () => {
    const calls = serve();
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Send contact' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Search contact (3 or more characters)'), {
      target: { value: 'Dor' },
    });
    await within(dialog).findByText('Dora (5511988887777)', {}, { timeout: 2000 });
    fireEvent.change(within(dialog).getByLabelText('Contact'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(calls, '/messages/1')).toHaveLength(1));
    expect(posts(calls, '/messages/1')[0]?.body).toMatchObject({
      body: '',
      vCard: { name: 'Dora', number: '5511988887777' },
    });
  });

  it('says so when the camera is denied, and sends a snapshot as an image', async () => {
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const calls = serve();
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Camera' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The camera is not available');
    expect(screen.getByRole('button', { name: 'Take photo' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const stop = vi.fn();
    getUserMedia.mockResolvedValueOnce({ getTracks: () => [{ stop }] });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['jpeg-bytes'], { type: 'image/jpeg' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Camera' }));
    const take = await screen.findByRole('button', { name: 'Take photo' });
    await waitFor(() => expect(take.hasAttribute('disabled')).toBe(false));
    fireEvent.click(take);
    await waitFor(() => expect(posts(calls, '/messages/1')).toHaveLength(1));
    const request = vi.mocked(fetch).mock.calls.at(-1)?.[0] as Request;
    const photo = (await request.formData()).get('medias') as File;
    expect(photo.type).toBe('image/jpeg');
    // the dialog closes and lets the camera go
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stop).toHaveBeenCalled();
  });

  it('discards recordings under 10,000 bytes, sends longer ones, and reports a denied microphone', async () => {
    const sizes = [500, 12_000];
    class FakeRecorder {
      mimeType = 'audio/webm';
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {}
      stop() {
        this.ondataavailable?.({ data: new Blob([new Uint8Array(sizes.shift() ?? 0)]) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const calls = serve();
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const record = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Record' }));
      await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
      const composer = screen.getByTestId('composer');
      const stop = await within(composer).findByRole('button', { name: 'Stop' });
      await act(async () => {
        fireEvent.click(stop);
      });
    };
    await record();
    expect(await screen.findByText('The recording is too short')).toBeTruthy();
    expect(posts(calls, '/messages/1')).toHaveLength(0);
    await record();
    await waitFor(() => expect(posts(calls, '/messages/1')).toHaveLength(1));

    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    fireEvent.click(await screen.findByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Microphone not available')).toBeTruthy();
  });

  it('refuses a new contact tag under 3 characters and links a longer one to the contact', async () => {
    const calls = serve({
      answer: (method, url) =>
        method === 'POST' && url.pathname === '/tags'
          ? { id: 90, name: 'VIP client', color: '#123456', kanban: 0 }
          : undefined,
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const name = await screen.findByLabelText('New tag');
    fireEvent.change(name, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Tag too short!')).toBeTruthy();
    expect(posts(calls, '/tags')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'VIP client' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts(calls, '/tags/sync')).toHaveLength(1));
    expect(posts(calls, '/tags')[0]?.body).toMatchObject({ name: 'VIP client', kanban: 0 });
    expect(posts(calls, '/tags/sync')[0]?.body).toEqual({ contactId: 11, tags: [90] });
  });

  it('shows the contact number with its display mask, and the schedule button only with useSchedules', async () => {
    serve();
    const view = await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    expect((await screen.findByTestId('contact-number')).textContent).toBe('+55 (11) 99988-7766');
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
    view.unmount();

    const calls = serve({
      answer: (method, url) =>
        method === 'POST' && url.pathname === '/schedules' ? { id: 1 } : undefined,
    });
    const planned = sessionUser({ profile: 'admin', queues, flags: { useSchedules: true } });
    await renderSettled(`/tickets/${uuidOf(1)}`, planned);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const form = await screen.findByTestId('schedule-form');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(form).getByLabelText('Send at'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'hey' } });
    expect(within(form).getByText('Message too short')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Message'), {
      target: { value: 'Your order is ready' },
    });
    fireEvent.change(within(form).getByLabelText('Send at'), {
      target: { value: '2030-01-02T10:30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posts(calls, '/schedules')).toHaveLength(1));
    expect(posts(calls, '/schedules')[0]?.body).toEqual({
      body: 'Your order is ready',
      contactId: 11,
      ticketId: 1,
      userId: 7,
      sendAt: new Date('2030-01-02T10:30').toISOString(),
    });
    // after saving the user goes on to /schedules
    await waitFor(() => expect(screen.queryByTestId('message-list')).toBeNull());
  });
});
