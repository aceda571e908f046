import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileListPage, FileListRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { applyFileListEvent } from './file-lists.api.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const record = (id: number, name: string, extra: Partial<FileListRecord> = {}): FileListRecord => ({
  id,
  name,
  message: `message of ${name}`,
  userId: 7,
  options: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...extra,
});

const stub = () => {
  const calls: { method: string; path: string; search: string; body?: unknown; form?: FormData }[] =
    [];
  const catalogue = record(1, 'Catalogue', {
    options: [
      {
        id: 11,
        name: 'Prices',
        path: 'company-2/file-lists/0b0d9b66-3f8e-4a55-9a43-5b0a4c6e8f11-prices.pdf',
        mediaType: 'application/pdf',
        url: '/media/x',
      },
    ],
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
      const form = isForm ? await request.clone().formData() : undefined;
      const body =
        request.method === 'GET' || isForm
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      const url = new URL(request.url);
      calls.push({ method: request.method, path: url.pathname, search: url.search, body, form });
      if (url.pathname === '/files' && request.method === 'GET') {
        const searchParam = url.searchParams.get('searchParam') ?? '';
        const page: FileListPage = {
          files: [catalogue, record(2, 'Brochures')].filter((f) =>
            f.name.toLowerCase().includes(searchParam.toLowerCase()),
          ),
          hasMore: false,
        };
        return Response.json(page);
      }
      if (url.pathname === '/files' && request.method === 'POST') {
        return Response.json(
          record(3, 'Menus', {
            options: [
              { id: 31, name: 'Lunch', path: null, mediaType: null, url: null },
              { id: 32, name: 'Dinner', path: null, mediaType: null, url: null },
            ],
          }),
          { status: 201 },
        );
      }
      if (url.pathname.startsWith('/files/uploadList/')) return Response.json(record(3, 'Menus'));
      if (url.pathname === '/files/1' && request.method === 'PUT') return Response.json(catalogue);
      if (request.method === 'DELETE') return Response.json({ id: 2 });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

const admin = sessionUser({ profile: 'admin' });

describe('file lists page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists and searches the file lists', async () => {
    const calls = stub();
    await renderApp('/files', admin);
    expect((await screen.findAllByTestId('file-list-row')).length).toBe(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bro' } });
    await waitFor(() => expect(screen.getAllByTestId('file-list-row')).toHaveLength(1));
    expect(screen.getByText('Brochures')).toBeTruthy();
    expect(calls.some((c) => c.search.includes('searchParam=bro'))).toBe(true);
  });

  it('validates, then creates a list and uploads one file per chosen option', async () => {
    const calls = stub();
    await renderApp('/files', admin);
    await screen.findAllByTestId('file-list-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add file list' }));
    const form = await screen.findByTestId('file-list-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Me' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name too short')).toBeTruthy();
    expect(within(form).getByText('Required')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Menus' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Pick a menu' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add option' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add option' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add option' }));
    let options = within(form).getAllByTestId('file-option');
    expect(options).toHaveLength(3);
    fireEvent.click(within(options[2]!).getByRole('button', { name: 'Remove option' }));
    options = within(form).getAllByTestId('file-option');
    expect(options).toHaveLength(2);
    fireEvent.change(within(options[0]!).getByRole('textbox', { name: 'Option name' }), {
      target: { value: 'Lunch' },
    });
    fireEvent.change(within(options[1]!).getByRole('textbox', { name: 'Option name' }), {
      target: { value: 'Dinner' },
    });
    const file = new File(['%PDF-1.4'], 'dinner.pdf', { type: 'application/pdf' });
    fireEvent.change(within(options[1]!).getByTestId('file-option-input'), {
      target: { files: [file] },
    });
    expect(within(options[1]!).getByTestId('file-option-name').textContent).toBe('dinner.pdf');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/files/uploadList/3')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/files')!.body).toEqual({
      name: 'Menus',
      message: 'Pick a menu',
      options: [{ name: 'Lunch' }, { name: 'Dinner' }],
    });
    const upload = calls.find((c) => c.path === '/files/uploadList/3')!.form!;
    expect(upload.getAll('id')).toEqual(['32']);
    expect(upload.get('typeArch')).toBe('fileList');
    expect(upload.getAll('files')).toHaveLength(1);
  });

  it('edits a list keeping its options by id and showing their stored file', async () => {
    const calls = stub();
    await renderApp('/files', admin);
    const [row] = await screen.findAllByTestId('file-list-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('file-list-form');
    const [option] = within(form).getAllByTestId('file-option');
    expect(within(option!).getByTestId('file-option-name').textContent).toBe('prices.pdf');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Catalogue',
      message: 'message of Catalogue',
      options: [{ id: 11, name: 'Prices' }],
    });
    expect(calls.some((c) => c.path.startsWith('/files/uploadList'))).toBe(false);
  });

  it('deletes after confirmation', async () => {
    const calls = stub();
    await renderApp('/files', admin);
    const rows = await screen.findAllByTestId('file-list-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/files/2');
  });

  it('applies socket events: update in place, create on top, delete removes', () => {
    const page: FileListPage = { files: [record(1, 'A'), record(2, 'B')], hasMore: false };
    applyFileListEvent(page, { action: 'update', fileList: record(2, 'B2') });
    applyFileListEvent(page, { action: 'create', fileList: record(3, 'C') });
    applyFileListEvent(page, { action: 'delete', fileListId: 1 });
    expect(page.files.map((f) => f.name)).toEqual(['C', 'B2']);
  });
});
