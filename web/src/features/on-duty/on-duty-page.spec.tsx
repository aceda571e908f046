import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyOnDutyDays, type OnDutyDay, type OnDutyRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { readRequest } from '../../test/fake-fetch.js';

const at = new Date(2026, 0, 5, 9, 0, 0).toISOString();

/** The seven rows with the given windows (by weekdayEn). */
const days = (windows: Record<string, [string, string]>): OnDutyDay[] =>
  emptyOnDutyDays().map((day) => {
    const window = windows[day.weekdayEn];
    return window ? { ...day, startTime: window[0], endTime: window[1] } : day;
  });

const record = (id: number, extra: Partial<OnDutyRecord> = {}): OnDutyRecord => ({
  id,
  userId: 8,
  user: { id: 8, name: 'Bruno Lima' },
  phone: '5511988880001',
  interval: 5,
  days: days({ monday: ['08:00', '18:00'], saturday: ['09:00', '13:00'], sunday: ['10:00', ''] }),
  createdAt: at,
  updatedAt: at,
  ...extra,
});

const users = [
  { id: 7, name: 'Ana Souza', profile: 'admin' },
  { id: 8, name: 'Bruno Lima', profile: 'user' },
];

const stub = (entries: OnDutyRecord[]) => {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const url = new URL(request.url);
      calls.push({ method: request.method, path: url.pathname, body });
      if (url.pathname === '/plantao' && request.method === 'GET') return Response.json(entries);
      if (url.pathname === '/plantao' && request.method === 'POST') {
        return Response.json(record(30, body as Partial<OnDutyRecord>), { status: 201 });
      }
      if (url.pathname.startsWith('/plantao/') && request.method === 'PUT') {
        return Response.json(record(1, body as Partial<OnDutyRecord>));
      }
      if (url.pathname.startsWith('/plantao/') && request.method === 'DELETE') {
        return Response.json({ id: Number(url.pathname.split('/').at(-1)) });
      }
      if (url.pathname === '/users/list') return Response.json(users);
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { calls };
};

const agent = () => sessionUser({ profile: 'user' });
const admin = () => sessionUser({ profile: 'admin' });

describe('on-duty staff page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists id, person, phone and one hours line per day with both times', async () => {
    stub([record(1), record(2, { user: { id: 7, name: 'Ana Souza' }, userId: 7 })]);
    await renderApp('/plantao', agent());
    const rows = await screen.findAllByTestId('on-duty-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('1');
    expect(cells[1]!.textContent).toBe('Bruno Lima');
    expect(cells[2]!.textContent).toBe('5511988880001');
    // Sunday has a start only: not shown
    expect(
      within(cells[3]!)
        .getAllByText(/ - /)
        .map((line) => line.textContent),
    ).toEqual(['Monday - 08:00 to 18:00', 'Saturday - 09:00 to 13:00']);
    // an agent reads only
    expect(screen.queryByRole('button', { name: 'Add on-duty person' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('adds an entry: the form checks the fields, then posts user, phone, interval and days', async () => {
    const { calls } = stub([]);
    await renderApp('/plantao', admin());
    await screen.findByText('No on-duty staff yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add on-duty person' }));
    const form = await screen.findByTestId('on-duty-form');
    // the interval starts at one minute
    expect(
      (within(form).getByRole('spinbutton', { name: /Interval/ }) as HTMLInputElement).value,
    ).toBe('1');

    fireEvent.change(within(form).getByLabelText('Tuesday Start'), {
      target: { value: '18:00' },
    });
    fireEvent.change(within(form).getByLabelText('Tuesday End'), { target: { value: '08:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The end must be after the start')).toBeTruthy();
    expect(within(form).getAllByText('Required')).toHaveLength(2); // user and phone
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await within(form).findByRole('option', { name: 'Bruno Lima' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'On-duty person' }), {
      target: { value: '8' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Phone/ }), {
      target: { value: '+55 11 98888-0001' },
    });
    fireEvent.change(within(form).getByRole('spinbutton', { name: /Interval/ }), {
      target: { value: '10' },
    });
    fireEvent.change(within(form).getByLabelText('Tuesday Start'), {
      target: { value: '08:00' },
    });
    fireEvent.change(within(form).getByLabelText('Tuesday End'), { target: { value: '18:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    const posted = calls.find((c) => c.method === 'POST')!.body as {
      userId: number;
      phone: string;
      interval: number;
      days: OnDutyDay[];
    };
    expect(posted).toMatchObject({ userId: 8, phone: '+55 11 98888-0001', interval: 10 });
    expect(posted.days).toHaveLength(7);
    expect(posted.days.filter((d) => d.startTime)).toEqual([
      { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('on-duty-form')).toBeNull());
  });

  it('asks for at least one day with both times', async () => {
    const { calls } = stub([]);
    await renderApp('/plantao', admin());
    fireEvent.click(await screen.findByRole('button', { name: 'Add on-duty person' }));
    const form = await screen.findByTestId('on-duty-form');
    await within(form).findByRole('option', { name: 'Bruno Lima' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'On-duty person' }), {
      target: { value: '8' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Phone/ }), {
      target: { value: '5511988880001' },
    });
    fireEvent.change(within(form).getByLabelText('Friday Start'), { target: { value: '08:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Required')).toBeTruthy(); // Friday's end
    fireEvent.change(within(form).getByLabelText('Friday Start'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter the start and end of at least one day'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits an entry with its current values', async () => {
    const { calls } = stub([record(1)]);
    await renderApp('/plantao', admin());
    const [row] = await screen.findAllByTestId('on-duty-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('on-duty-form');
    await within(form).findByRole('option', { name: 'Bruno Lima' });
    expect(
      (within(form).getByRole('combobox', { name: 'On-duty person' }) as HTMLSelectElement).value,
    ).toBe('8');
    expect((within(form).getByLabelText('Monday Start') as HTMLInputElement).value).toBe('08:00');
    fireEvent.change(within(form).getByLabelText('Sunday End'), { target: { value: '14:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/plantao/1');
    expect(put.body).toMatchObject({ userId: 8, phone: '5511988880001', interval: 5 });
    expect((put.body as { days: OnDutyDay[] }).days[0]).toMatchObject({
      weekdayEn: 'sunday',
      startTime: '10:00',
      endTime: '14:00',
    });
  });

  it('removes an entry after the pt-BR confirmation and says so', async () => {
    const { calls } = stub([record(1), record(2)]);
    await renderApp('/plantao', admin());
    await act(async () => {
      await setupI18n('pt-BR');
    });
    const rows = await screen.findAllByTestId('on-duty-row');
    expect(within(rows[0]!).getByText('Segunda-feira - 08:00 às 18:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adicionar Plantão' })).toBeTruthy();
    fireEvent.click(within(rows[1]!).getAllByRole('button')[1]!);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remover plantonista')).toBeTruthy();
    expect(within(dialog).getByText('Deseja realmente excluir este plantonista?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/plantao/2'));
    expect(await screen.findByText('Plantão removido com sucesso')).toBeTruthy();
    await act(async () => {
      await setupI18n('en');
    });
  });
});
