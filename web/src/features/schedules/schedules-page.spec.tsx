import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactPickerItem, ScheduleRecord, SchedulesPage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { fireSocket, forgetSocketListeners, socketListenerCount } from '../../test/fake-socket.js';
import { sessionUser } from '../../test/session-user.js';
import { readRequest } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const at = new Date(2026, 4, 6, 7, 8, 9).toISOString();
const record = (id: number, extra: Partial<ScheduleRecord> = {}): ScheduleRecord => ({
  id,
  body: `Reminder number ${id}`,
  sendAt: at,
  sentAt: null,
  status: 'PENDENTE',
  error: null,
  contactId: 5,
  contact: { id: 5, name: 'Bruna Lima', number: '5511988880001' },
  userId: 7,
  user: { id: 7, name: 'Ana Souza' },
  ticketId: null,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

const contacts: ContactPickerItem[] = [
  { id: 5, name: 'Bruna Lima', number: '5511988880001', channel: 'whatsapp' },
  { id: 6, name: 'Carlos Dias', number: '5511988880002', channel: 'whatsapp' },
];

const stub = (schedules: ScheduleRecord[]) => {
  const calls: { method: string; path: string; search: string; body?: unknown }[] = [];
  const page = { current: { schedules, hasMore: false } as SchedulesPage };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const url = new URL(request.url);
      calls.push({ method: request.method, path: url.pathname, search: url.search, body });
      if (url.pathname === '/schedules' && request.method === 'GET')
        return Response.json(page.current);
      if (url.pathname === '/schedules' && request.method === 'POST') {
        return Response.json(record(30, body as Partial<ScheduleRecord>), { status: 201 });
      }
      if (url.pathname.startsWith('/schedules/') && request.method === 'PUT') {
        return Response.json(record(1, body as Partial<ScheduleRecord>));
      }
      if (url.pathname.startsWith('/schedules/') && request.method === 'DELETE') {
        return Response.json({ id: Number(url.pathname.split('/').at(-1)) });
      }
      if (url.pathname === '/contacts/list') return Response.json(contacts);
      if (url.pathname === '/contacts/9') {
        return Response.json({ id: 9, name: 'Dora Prefilled', number: '5511900000009' });
      }
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { calls, page };
};

const agent = () => sessionUser({ profile: 'user', flags: { useSchedules: true } });
const admin = () => sessionUser({ profile: 'admin', flags: { useSchedules: true } });

describe('schedules page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSocketListeners();
  });

  it('lists contact, body cut at 25 characters, send time, status; an ERRO row says why', async () => {
    stub([
      record(1, { body: 'Your order 12345 is ready for pick-up today' }),
      record(2, { status: 'ERRO', error: 'ERR_NO_DEF_WAPP_FOUND' }),
      record(3, { status: 'ENVIADA', sentAt: at }),
      record(4, { status: 'ERRO', error: 'ERR_OUTSIDE_SERVICE_WINDOW' }),
    ]);
    await renderApp('/schedules', agent());
    const rows = await screen.findAllByTestId('schedule-row');
    expect(within(rows[0]!).getByText('Bruna Lima')).toBeTruthy();
    expect(within(rows[0]!).getByText('Your order 12345 is ready...')).toBeTruthy();
    // in the screen's language, English: month first and a 12-hour clock
    expect(within(rows[0]!).getByText('05/06/2026 07:08:09 AM')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    const failed = within(rows[1]!).getByText('Error');
    expect(failed.getAttribute('title')).toMatch(/^No default connection found\./);
    // the reason is shown under the status too, not only in its title
    expect(within(rows[1]!).getByTestId('schedule-error').textContent).toBe(
      failed.getAttribute('title'),
    );
    expect(within(rows[3]!).getByTestId('schedule-error').textContent).toBe(
      'The 24-hour window to answer this contact is closed: they must write first (or use a template).',
    );
    expect(within(rows[2]!).getByText('Sent')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('schedule-error')).toBeNull();
    // an agent edits waiting schedules only, and deletes none
    expect(within(rows[0]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('adds a schedule: the form checks the fields, then posts body, contact and time', async () => {
    const { calls } = stub([]);
    await renderApp('/schedules', agent());
    await screen.findByText('No schedules yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New schedule' }));
    const form = await screen.findByTestId('schedule-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hey' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Message too short')).toBeTruthy();
    expect(within(form).getByText('Required')).toBeTruthy();

    await within(form).findByRole('option', { name: 'Carlos Dias (5511988880002)' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Contact' }), {
      target: { value: '6' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Your order is ready' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    const posted = calls.find((c) => c.method === 'POST')!.body as {
      body: string;
      contactId: number;
      sendAt: string;
    };
    expect(posted).toMatchObject({ body: 'Your order is ready', contactId: 6 });
    // one hour ahead by default (to the minute)
    expect(Math.abs(new Date(posted.sendAt).getTime() - (Date.now() + 3_600_000))).toBeLessThan(
      120_000,
    );
    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
  });

  it('opens the add dialog for the contact named in the address', async () => {
    const { calls } = stub([]);
    await renderApp('/schedules?contactId=9', agent());
    const form = await screen.findByTestId('schedule-form');
    await within(form).findByRole('option', { name: 'Dora Prefilled (5511900000009)' });
    expect(
      (within(form).getByRole('combobox', { name: 'Contact' }) as HTMLSelectElement).value,
    ).toBe('9');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'See you tomorrow' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ contactId: 9 });
  });

  it('edits a waiting schedule with its current values', async () => {
    const { calls } = stub([record(1)]);
    await renderApp('/schedules', agent());
    const [row] = await screen.findAllByTestId('schedule-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('schedule-form');
    const message = within(form).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(message.value).toBe('Reminder number 1');
    fireEvent.change(message, { target: { value: 'Reminder, reworded' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/schedules/1');
    expect(put.body).toMatchObject({ body: 'Reminder, reworded', contactId: 5, sendAt: at });
  });

  it('lets an admin delete after confirming', async () => {
    const { calls } = stub([record(1), record(2, { status: 'ENVIADA' })]);
    await renderApp('/schedules', admin());
    const rows = await screen.findAllByTestId('schedule-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete the schedule for Bruna Lima?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/schedules/2'),
    );
  });

  it('follows the company schedule events', async () => {
    const { calls, page } = stub([record(1), record(2)]);
    await renderApp('/schedules', agent());
    expect(await screen.findAllByTestId('schedule-row')).toHaveLength(2);
    const event = 'company-2-schedule';
    await waitFor(() => expect(socketListenerCount(event)).toBe(1));

    fireSocket(event, { action: 'delete', scheduleId: 1, userId: 7 });
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(1));

    const listed = calls.filter((c) => c.method === 'GET' && c.path === '/schedules').length;
    page.current = { schedules: [record(3), record(2, { status: 'ENVIADA' })], hasMore: false };
    fireSocket(event, { action: 'create', scheduleId: 3, userId: 7, status: 'PENDENTE' });
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(2));
    expect(screen.getByText('Reminder number 3')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/schedules').length).toBe(
      listed + 1,
    );
  });
});
