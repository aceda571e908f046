import type { Help } from '@sb/contracts';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { HelpsPage } from './helps-page.js';
import { HelpsTab } from './helps-tab.js';

const help = (id: number, overrides: Partial<Help> = {}): Help => ({
  id,
  title: `Help ${id}`,
  description: `About ${id}`,
  video: `code${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

const stubHelps = (helps: Help[]) => {
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(urlOf(input));
    if (request.method === 'POST') {
      const body = (await request.json()) as Partial<Help>;
      return new Response(JSON.stringify(help(99, body)), { status: 201 });
    }
    return new Response(JSON.stringify(helps));
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
};

const renderWith = async (node: ReactNode) => {
  await setupI18n();
  const store = createStore({ session: { status: 'authenticated', user: sessionUser() } });
  return render(<AppProviders store={store}>{node}</AppProviders>);
};

describe('helps page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per help, with its title and description, and no outside image', async () => {
    stubHelps([help(1, { title: 'Pairing a phone' }), help(2)]);
    await renderWith(<HelpsPage />);
    const cards = await screen.findAllByTestId('help-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Pairing a phone')).toBeTruthy();
    expect(within(cards[0]!).getByText('About 1')).toBeTruthy();
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('plays the video of a card in a modal that Escape closes', async () => {
    stubHelps([help(1, { title: 'Pairing a phone', video: 'dQw4w9WgXcQ' })]);
    await renderWith(<HelpsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Play Pairing a phone' }));
    const player = await screen.findByTestId('help-player');
    const frame = player.querySelector('iframe');
    expect(frame?.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    expect(frame?.getAttribute('title')).toBe('Pairing a phone');

    fireEvent.keyDown(player, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('help-player')).toBeNull());
  });

  it('says when there are no helps', async () => {
    stubHelps([]);
    await renderWith(<HelpsPage />);
    expect(await screen.findByText('No help videos yet.')).toBeTruthy();
  });
});

describe('helps tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form before sending and creates a help', async () => {
    const fetchFn = stubHelps([help(1)]);
    await renderWith(<HelpsTab />);
    await screen.findByText('Help 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'New help' } });
    fireEvent.change(screen.getByLabelText(/^Video code/), { target: { value: 'abc_123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(
      () => {
        const posts = fetchFn.mock.calls.filter(
          ([input]) => input instanceof Request && input.method === 'POST',
        );
        expect(posts).toHaveLength(1);
      },
      { timeout: 2000 },
    );
    expect(await screen.findByText('Help saved successfully!')).toBeTruthy();
  });
});
