import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageTemplate } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRequest } from '../../test/fake-fetch.js';
import { forgetSocketListeners } from '../../test/fake-socket.js';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const at = new Date(2026, 4, 6, 7, 8, 9).toISOString();
const templates: MessageTemplate[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    category: 'UTILITY',
    body: 'Welcome!',
    bodyParameters: [],
    bodyParameterCount: 0,
  },
  {
    name: 'order_update',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
    bodyParameters: ['1', '2'],
    bodyParameterCount: 2,
  },
];
const connection = (id: number, name: string, channel: string) => ({
  id,
  name,
  channel,
  status: 'CONNECTED',
  isDefault: id === 7,
});

/** The app's calls: a Baileys and a Cloud API connection, one list, and Meta's templates (or not). */
const stub = (templatesAnswer: () => Response) => {
  const posted: unknown[] = [];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const url = new URL(request.url);
      if (url.pathname === '/companySettingOne') {
        return Response.json({ campaignsEnabled: 'enabled' });
      }
      if (url.pathname === '/whatsapp') {
        return Response.json([
          connection(7, 'Phone', 'whatsapp'),
          connection(8, 'Cloud', 'whatsappapi'),
        ]);
      }
      if (url.pathname === '/contact-lists/list') {
        return Response.json([{ id: 3, name: 'Clients', contactsCount: 2 }]);
      }
      if (url.pathname === '/campaign-settings') {
        // the family's rows, each value JSON text
        return Response.json([
          { key: 'messageInterval', value: '0' },
          { key: 'variables', value: JSON.stringify([{ key: 'city', value: 'Recife' }]) },
          { key: 'optOutWords', value: '[]' },
        ]);
      }
      if (url.pathname === '/campaigns/templates') {
        asked.push(url.search);
        return templatesAnswer();
      }
      if (url.pathname === '/campaigns' && request.method === 'POST') {
        posted.push(body);
        return Response.json(
          { id: 40, ...(body as object), status: 'INATIVA', createdAt: at, updatedAt: at },
          { status: 201 },
        );
      }
      if (url.pathname === '/campaigns') return Response.json({ records: [], hasMore: false });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { posted, asked };
};

const admin = () => sessionUser({ profile: 'admin', flags: { useCampaigns: true } });

/** The checkbox input of a connection's label. */
const checkbox = (label: HTMLElement) => label.closest('label')!.querySelector('input')!;

const openDialog = async () => {
  window.localStorage.setItem('cshow', '1');
  await renderApp('/campaigns', admin());
  fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
  return screen.findByRole('dialog');
};

describe('campaign dialog: a Cloud API template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSocketListeners();
    window.localStorage.removeItem('cshow');
  });

  it('offers the templates once a Cloud API connection is chosen, and saves one with its parameters', async () => {
    const { posted, asked } = stub(() => Response.json(templates));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Pedidos' } });
    const phone = checkbox(await within(dialog).findByText('Phone'));
    fireEvent.click(phone);
    await waitFor(() => expect(phone.checked).toBe(true));
    // a Baileys connection alone: no template to choose
    expect(within(dialog).queryByTestId('campaign-template')).toBeNull();
    fireEvent.click(checkbox(within(dialog).getByText('Cloud')));
    const picker = await within(dialog).findByTestId('campaign-template');
    const select = within(picker).getByLabelText('Template');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'order_update (pt_BR)' })).toBeTruthy(),
    );
    expect(asked).toEqual(['?whatsappId=8']);
    fireEvent.change(select, { target: { value: 'order_update|pt_BR' } });
    expect(within(picker).getByTestId('template-body').textContent).toBe(
      'Olá {{1}}, seu pedido {{2}} foi enviado.',
    );
    fireEvent.change(within(picker).getByLabelText('Parameter 1'), {
      target: { value: '{firstName}' },
    });
    fireEvent.change(within(picker).getByLabelText('Parameter 2'), {
      target: { value: 'PED-{numero}' },
    });
    fireEvent.change(dialog.querySelector('select[name="contactListId"]')!, {
      target: { value: '3' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message 1' }), {
      target: { value: 'Oi {firstName}' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'Pedidos',
      whatsappId: [7, 8],
      contactListId: 3,
      message1: 'Oi {firstName}',
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'PED-{numero}'],
    });
  }, 60_000);

  it('asks for every parameter before saving, and says why the templates could not be read', async () => {
    const first = stub(() => Response.json(templates));
    let dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Pedidos' } });
    fireEvent.click(checkbox(await within(dialog).findByText('Cloud')));
    const picker = await within(dialog).findByTestId('campaign-template');
    const select = within(picker).getByLabelText('Template');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'order_update (pt_BR)' })).toBeTruthy(),
    );
    fireEvent.change(select, { target: { value: 'order_update|pt_BR' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(picker).findByText('Fill every parameter of the template')).toBeTruthy();
    expect(first.posted).toEqual([]);
    vi.unstubAllGlobals();

    stub(() =>
      Response.json(
        {
          error: 'ERR_WAPP_TEMPLATES_UNAVAILABLE',
          message: "Meta did not list this connection's templates",
        },
        { status: 400 },
      ),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'New campaign' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(checkbox(await within(dialog).findByText('Cloud')));
    expect(
      await within(dialog).findByText(
        "Meta did not list this connection's templates: check its business account ID and access token.",
      ),
    ).toBeTruthy();
  }, 60_000);
});
