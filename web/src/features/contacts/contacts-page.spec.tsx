import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactImportJob, ContactRecord, ContactsPage, TagRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const contact = (id: number, name: string, active = true): ContactRecord => ({
  id,
  companyId: 2,
  name,
  number: `55119000000${id}`,
  email: '',
  channel: 'whatsapp',
  isGroup: false,
  active,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  urlPicture: null,
  extraInfo: [],
  tags: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const vip: TagRecord = {
  id: 4,
  companyId: 2,
  name: 'VIP',
  color: '#ff0000',
  kanban: 0,
  userId: 7,
  contactsCount: 1,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
};

const stub = () => {
  const calls: FetchCall[] = [];
  const page: ContactsPage = {
    contacts: [contact(1, 'Bruno'), contact(2, 'Carla', false)],
    hasMore: false,
    count: 2,
  };
  stubFetch(calls, (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/tags/list') return Response.json([vip]);
    if (url.pathname === '/contacts' && request.method === 'GET') return Response.json(page);
    if (url.pathname === '/contacts' && request.method === 'POST')
      return Response.json(contact(3, 'Dora'), { status: 201 });
    if (url.pathname.startsWith('/contacts/block/'))
      return Response.json(contact(1, 'Bruno', false));
    if (url.pathname === '/contacts/upload')
      return Response.json(
        {
          id: 9,
          total: 5,
          done: 5,
          created: 2,
          updated: 1,
          failed: 2,
          failedRows: [
            { row: 3, number: '5511', error: 'ERR_VALIDATION', field: 'number' },
            { row: 5, number: '5511977770005', error: 'ERR_DUPLICATED_CONTACT' },
          ],
          status: 'finished',
        } satisfies ContactImportJob,
        { status: 201 },
      );
    if (request.method === 'DELETE') return Response.json({ id: 1 });
    if (url.pathname === '/contacts/1/erase')
      return Response.json({ id: 1, tickets: 2, messages: 9, notes: 1, objects: 3 });
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('contacts page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches, filters by tag as a JSON list and blocks a contact', async () => {
    const calls = stub();
    await renderApp('/contacts', sessionUser());
    const row = await screen.findByTestId('contact-row-2');
    expect(within(row).getByText('Blocked')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search contacts' }), {
      target: { value: 'bru' },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('searchParam=bru'))).toBe(true), {
      timeout: 2000,
    });
    await screen.findByRole('option', { name: 'VIP' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by tag' }), {
      target: { value: '4' },
    });
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url).searchParams.get('contactTag') === '[4]')).toBe(true),
    );
    const first = await screen.findByTestId('contact-row-1');
    fireEvent.click(within(first).getByRole('button', { name: 'Block contact' }));
    await waitFor(() => {
      const block = calls.find((c) => c.url.endsWith('/contacts/block/1'));
      expect(block).toMatchObject({ method: 'PUT', body: { active: false } });
    });
  });

  it('hides delete from users and asks admins before deleting', async () => {
    stub();
    const { unmount } = await renderApp('/contacts', sessionUser());
    const row = await screen.findByTestId('contact-row-1');
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();

    const calls = stub();
    await renderApp('/contacts', sessionUser({ profile: 'admin' }));
    const adminRow = await screen.findByTestId('contact-row-1');
    fireEvent.click(within(adminRow).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/contacts/1'))).toBe(true),
    );
  });

  it('offers the LGPD erasure to admins only, saying what goes before it erases', async () => {
    stub();
    const { unmount } = await renderApp('/contacts', sessionUser());
    const row = await screen.findByTestId('contact-row-1');
    expect(within(row).queryByRole('button', { name: 'Erase (LGPD)' })).toBeNull();
    unmount();

    const calls = stub();
    await renderApp('/contacts', sessionUser({ profile: 'admin' }));
    const adminRow = await screen.findByTestId('contact-row-1');
    fireEvent.click(within(adminRow).getByRole('button', { name: 'Erase (LGPD)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Erase Bruno for good?')).toBeTruthy();
    expect(within(dialog).getByText(/messages and their files.*campaigns.*reports/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/erase'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/contacts/1/erase'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Contact erased.')).toBeTruthy();
  });

  it('validates the contact form with the spec messages, then saves with extra info', async () => {
    const calls = stub();
    await renderApp('/contacts', sessionUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Add contact' }));
    const modal = await screen.findByTestId('contact-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'D' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findAllByText('Too short!')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Dora' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Number' }), {
      target: { value: '5511988887777' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add field' }));
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Field name' }), {
      target: { value: 'CPF' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Value' }), {
      target: { value: '123' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Dora',
      number: '5511988887777',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
  });

  it('says which columns the import reads, then shows the created, updated and skipped counts with reasons', async () => {
    const calls = stub();
    await renderApp('/contacts', sessionUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Import contacts' });
    expect(dialog.textContent).toMatch(/Name and Number \(required\), Email and Tags \(optional/);
    const input = screen.getByTestId<HTMLInputElement>('contacts-import-file');
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose .xlsx file' }));
    expect(opened).toHaveBeenCalled();
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'backup_contatos.xlsx')] },
    });
    const panel = await screen.findByTestId('contacts-import');
    expect(within(panel).getByTestId('contacts-import-counts').textContent).toBe(
      'Created: 2 · Updated: 1 · Skipped: 2',
    );
    expect(
      within(panel).getByText(
        'Row 3 (5511) skipped: number shorter than 8 or longer than 50 characters',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/^Row 5 \(5511977770005\) skipped: /)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/contacts/upload'))).toBe(true);
  });
});
