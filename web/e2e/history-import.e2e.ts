import { randomUUID } from 'node:crypto';
import type { Bus } from '@sb/platform/bus';
import { openTestBus } from '@sb/testing/infra';
import {
  DomainEventTypes,
  eventSubject,
  type DomainEvent,
  type HistoryImportEventData,
} from '@sb/contracts';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logInAsAdmin, openFromMenu, openPage, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';
import { screenProblems } from './page-checks.js';

/**
 * /connections follows a history import (spec 2 §4 "Message import"): the progress of the connection's
 * import, from the company-<id>-importMessages events the gateway sends, then the close-imported-tickets
 * button once it is over. No phone is reachable here, so the scenario does what the connectors service
 * does during an import (the pipeline itself is covered by gateway/test/history-import.api-spec.ts): it
 * stores the import's state on the connection and publishes its progress events on the app's bus. That
 * bus is NATS: without NATS_URL the standalone runs an in-process bus no test can reach, and the
 * scenario is skipped.
 */
const natsUrl = process.env.NATS_URL;
if (!natsUrl)
  console.warn('history-import.e2e: skipped, it needs NATS_URL (the app bus it publishes on)');
// not @sb/testing's describeWithNats: that one runs wherever a NATS server answers, but the app started
// here uses NATS only when NATS_URL is set (harness.ts), and this scenario publishes on the app's bus
const describeWithNats = natsUrl ? describe : describe.skip;

describeWithNats('history import on the connections screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let bus: Bus;
  let db: pg.Pool;
  let companyId: number;
  let connectionId: number;
  const name = unique('History line');
  const row = () => page.getByTestId('connection-row').filter({ hasText: name });

  const publish = async (data: Omit<HistoryImportEventData, 'connectionId'>) => {
    const type = DomainEventTypes.connectors.historyImportProgress;
    const event: DomainEvent<HistoryImportEventData> = {
      id: randomUUID(),
      subject: eventSubject(companyId, type.service, type.entity, type.action),
      companyId,
      occurredAt: new Date().toISOString(),
      data: { connectionId, ...data },
    };
    await bus.publish(event);
  };
  const setImportState = (status: string | null) =>
    db.query('UPDATE connectors.connections SET status_import_messages = $1 WHERE id = $2', [
      status,
      connectionId,
    ]);
  /**
   * the progress the connection's row shows after `this` of `all` replayed messages; sent again until
   * it shows, since a page just (re)loaded may join its socket room after the first one went out
   */
  const seeProgress = async (done: number, all: number) => {
    const shown = row().getByText(`Importing ${done} of ${all}`);
    for (let attempt = 1; ; attempt += 1) {
      await publish({
        action: 'update',
        status: { this: done, all, date: new Date().toISOString() },
      });
      try {
        await shown.waitFor({ timeout: 3_000 });
        return;
      } catch (err) {
        if (attempt === 10) throw err;
      }
    }
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    bus = (await openTestBus('nats', 'e2e-history-import', { namespace: app.natsNamespace }))!;
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    companyId = (await apiCall<{ companyId: number }>(app, token, 'GET', '/auth/me')).companyId;
    connectionId = (await apiCall<{ id: number }>(app, token, 'POST', '/whatsapp', { name })).id;
    // the import started a minute ago: past spec 2 §4's 35 s "preparing" window
    await setImportState(String(Date.now() - 60_000));
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await bus?.close();
    await db?.end();
    await app?.stop();
  });

  it("shows the import's progress under the connection's status as the events arrive", async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/connections');
    await row().waitFor();
    const progress = row().getByTestId('import-progress');
    await progress.getByText('Importing messages').waitFor();
    const bar = row().getByRole('progressbar');
    await seeProgress(4, 16);
    expect(await bar.getAttribute('aria-valuenow')).toBe('25');
    await seeProgress(16, 16);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('fits 1280×720 to 1920×1080 and a 390 px phone in both themes, without serious axe findings', async () => {
    const found = await screenProblems(page, 'import', async () => {
      await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
      await seeProgress(7, 21);
    });
    expect(found).toEqual([]);
  });

  it('offers to close the imported tickets once the import is over, and the button goes', async () => {
    await row().getByTestId('import-progress').waitFor();
    await setImportState('renderButtonCloseTickets');
    await publish({ action: 'refresh' });
    const close = row().getByRole('button', { name: 'Close imported tickets' });
    await close.waitFor();
    await close.click();
    await close.waitFor({ state: 'detached' });
    const { rows } = await db.query<{ status_import_messages: string | null }>(
      'SELECT status_import_messages FROM connectors.connections WHERE id = $1',
      [connectionId],
    );
    expect(rows[0]!.status_import_messages).toBeNull();
  });
});
