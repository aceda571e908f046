import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, toaster } from '../components/toaster.js';
import { setupI18n } from '../test/render-app.js';
import { system } from './chakra-system.js';
import { registerServiceWorker, ServiceWorkerUrl } from './service-worker.js';
import { UpdateNotice } from './update-notice.js';
import { resetUpdateWaiting } from './update-waiting.js';

/** A ServiceWorker stand-in: its state changes and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
  update = vi.fn(async () => undefined);
  /** The browser found a new script: it installs a worker. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration: FakeRegistration | null = null;
  register = vi.fn(async () => (this.registration ??= new FakeRegistration()));
  getRegistration = vi.fn(async () => this.registration ?? undefined);
}

let container: FakeContainer;
const reload = vi.fn();

const answer = (status: number, type: string | null) =>
  vi.fn(
    async () =>
      new Response(status === 404 ? 'Not found' : 'x', {
        status,
        headers: type ? { 'content-type': type } : {},
      }),
  );

beforeEach(() => {
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  reload.mockReset();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  resetUpdateWaiting();
  toaster.remove();
});

describe('registerServiceWorker', () => {
  it('registers the worker when its script is served as JavaScript', async () => {
    const fetch = answer(200, 'application/javascript; charset=UTF-8');
    vi.stubGlobal('fetch', fetch);
    await registerServiceWorker(reload);
    expect(fetch).toHaveBeenCalledWith(
      ServiceWorkerUrl,
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(container.register).toHaveBeenCalledWith(ServiceWorkerUrl);
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['answers 404', 404, 'text/plain'],
    ['answers HTML (a proxy sends index.html for every path)', 200, 'text/html'],
    ['answers without a type', 200, null],
  ])('unregisters the installed worker and reloads when the script %s', async (_, status, type) => {
    vi.stubGlobal('fetch', answer(status, type));
    const installed = new FakeRegistration();
    container.registration = installed;
    await registerServiceWorker(reload);
    expect(installed.unregister).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('does not reload when the script is gone and no worker is installed (no reload loop)', async () => {
    vi.stubGlobal('fetch', answer(404, 'text/plain'));
    await registerServiceWorker(reload);
    expect(reload).not.toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('keeps the installed worker when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    container.registration = new FakeRegistration();
    await registerServiceWorker(reload);
    expect(container.registration.unregister).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const fetch = answer(200, 'application/javascript');
    vi.stubGlobal('fetch', fetch);
    await registerServiceWorker(reload);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the "click to reload" notice', () => {
  beforeEach(async () => {
    await setupI18n('en');
    vi.stubGlobal('fetch', answer(200, 'text/javascript'));
  });

  const renderNotice = () =>
    render(
      <ChakraProvider value={system}>
        <AppToaster />
        <UpdateNotice />
      </ChakraProvider>,
    );

  it('shows nothing on the first install (no older release controls the page)', async () => {
    renderNotice();
    await registerServiceWorker(reload);
    const worker = new FakeWorker();
    act(() => {
      container.registration!.find(worker);
      worker.become('installed');
    });
    expect(screen.queryByText('A new version is available')).toBeNull();
  });

  it('offers the new release; a click activates the waiting worker, then the page reloads', async () => {
    container.controller = {};
    renderNotice();
    await registerServiceWorker(reload);
    const worker = new FakeWorker();
    act(() => {
      container.registration!.find(worker);
      worker.become('installed');
    });
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a release that was already waiting when the page loaded, in the user language', async () => {
    await setupI18n('pt-BR');
    container.controller = {};
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration = new FakeRegistration();
    container.registration.waiting = waiting;
    await registerServiceWorker(reload);
    renderNotice();
    expect(await screen.findByText('Uma nova versão está disponível')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    await setupI18n('en');
  });
});
