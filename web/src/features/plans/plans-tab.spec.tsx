import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PlanFlags, type PlanView } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { PlansTab } from './plans-tab.js';
import { stubFetch } from '../../test/fake-fetch.js';

const plan: PlanView = {
  id: 2,
  name: 'Basic',
  users: 3,
  connections: 1,
  queues: 2,
  amount: '19.90',
  isPublic: true,
  ...(Object.fromEntries(PlanFlags.map((flag) => [flag, true])) as Record<
    (typeof PlanFlags)[number],
    boolean
  >),
};

const stub = (deleteStatus = 200) => {
  const calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
  stubFetch(calls, (request, body) => {
    if (request.method === 'DELETE') {
      return Response.json(
        {
          error: 'ERR_PLAN_IN_USE',
          message: 'This plan is used by companies and cannot be deleted.',
        },
        { status: deleteStatus },
      );
    }
    if (request.method === 'POST') return Response.json({ ...plan, id: 3, ...(body as object) });
    return Response.json([plan]);
  });
  return calls;
};

const renderTab = async () => {
  await setupI18n();
  const store = createStore({
    session: { status: 'authenticated', user: sessionUser({ super: true, profile: 'admin' }) },
  });
  return render(
    <AppProviders store={store}>
      <PlansTab />
    </AppProviders>,
  );
};

describe('plans tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists plans with their 2-decimal amount and creates one with every flag on', async () => {
    const calls = stub();
    await renderTab();
    const row = (await screen.findByText('Basic')).closest('tr')!;
    expect(within(row).getByText('19.90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog');
    const inputs = within(dialog).getAllByRole('textbox');
    fireEvent.change(inputs[0]!, { target: { value: 'Pro' } });
    for (const label of ['Users', 'Connections', 'Queues']) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), {
        target: { value: '5' },
      });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 3000,
    });
    const body = calls.find((c) => c.method === 'POST')!.body!;
    expect(body).toMatchObject({
      name: 'Pro',
      users: 5,
      connections: 5,
      queues: 5,
      useKanban: true,
    });
  });

  it('shows the spec message with the reason when a plan in use cannot be deleted', async () => {
    const calls = stub(409);
    await renderTab();
    const row = (await screen.findByText('Basic')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Could not complete the operation')).toBeTruthy();
    expect(
      await screen.findByText('This plan is used by companies and cannot be deleted.'),
    ).toBeTruthy();
  });
});
