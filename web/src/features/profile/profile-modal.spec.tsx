import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const stub = () => {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      let body: unknown;
      if (request.method !== 'GET') {
        body = request.url.includes('media-upload')
          ? await request.clone().formData()
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      }
      calls.push({ method: request.method, url: request.url, body });
      if (request.url.includes('media-upload')) {
        return Response.json(
          { user: sessionUser({ profileImage: '/media/company-2/users/a.png?exp=1&sig=x' }) },
          { status: 201 },
        );
      }
      if (request.method === 'PUT') {
        return Response.json(
          sessionUser({
            ...(body as object),
            profileImage: '/media/company-2/users/a.png?exp=1&sig=x',
          }),
        );
      }
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

const openProfile = async () => {
  fireEvent.click(await screen.findByTestId('profile-menu'));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
  return screen.findByTestId('profile-modal');
};

describe('profile modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves name, theme and password, uploading a chosen picture first', async () => {
    const calls = stub();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: vi.fn() }),
    );
    const { store } = await renderApp('/tickets', sessionUser());
    await openProfile();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Ana Lima' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), {
      target: { value: 'dark' },
    });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [picture] } });
    expect(screen.getByTestId('profile-preview').getAttribute('src')).toBe('blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(2), {
      timeout: 3000,
    });
    const [upload, put] = calls.filter((c) => c.method !== 'GET');
    expect(upload!.url).toMatch(/\/users\/7\/media-upload$/);
    expect((upload!.body as FormData).get('typeArch')).toBe('user');
    expect(put!.url).toMatch(/\/users\/7$/);
    expect(put!.body).toMatchObject({
      name: 'Ana Lima',
      password: 'newpass1',
      defaultTheme: 'dark',
    });
    expect(put!.body).not.toHaveProperty('profile');
    await waitFor(() => expect(store.getState().session.user?.name).toBe('Ana Lima'));
  });

  it('refuses a file that is not an image and a too-short name before calling the server', async () => {
    const calls = stub();
    await renderApp('/tickets', sessionUser());
    await openProfile();
    const pdf = new File(['%PDF-1.7'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [pdf] } });
    expect(await screen.findByText('Only png, jpeg, webp or gif images.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });
});
