import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  goInApp,
  logInAsAdmin,
  openFromMenu,
  openTicketViaApi,
  unique,
} from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';
import { screenProblems, seriousAxeViolations, sidewaysOverflow } from './page-checks.js';

/**
 * The reports (spec 2 §2 Dashboard): the admin opens them from the drawer, narrows the tickets report
 * by status, exports exactly those rows as CSV and XLSX; the duration report shows the service times
 * on the wall clock and in business hours and the SLA panel, where the admin sets a queue's target;
 * the page fits the common screens and a phone, with no serious or critical axe violation in the
 * light and the dark theme, and every other report fits a phone with none either.
 */
describe('reports screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('filters the tickets report and exports exactly its rows as CSV and XLSX', async () => {
    const open = unique('Helena');
    const waiting = unique('Igor');
    await openTicketViaApi(app, token, open);
    await openTicketViaApi(app, token, waiting, 'pending');
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/reports/tickets');
    await page.getByRole('tab', { name: 'Tickets', exact: true }).waitFor();
    // the projection applies the new tickets within moments; the page asks again on a filter change
    const table = page.getByTestId('report-table');
    for (let tries = 0; !(await table.getByText(waiting).count()) && tries < 20; tries += 1) {
      await page.waitForTimeout(500);
      await page.getByLabel('Status').selectOption({ label: tries % 2 ? 'All' : 'Pending' });
    }
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    // the previous filter's rows stay, dimmed and marked busy, until the new answer arrives
    await table.getByText(open).waitFor({ state: 'detached' });
    await table.getByText(waiting).waitFor();

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain('ID,Contact,Status,Queue,User,Connection,Tag,Created,Closed');
    expect(csv).toContain(waiting);
    expect(csv).not.toContain(open);
    // the status in the app language, in the file as in the table
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .every((line) => line.includes(',Pending,')),
    ).toBe(true);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX' }).click();
    const xlsx = await readFile((await (await xlsxDownload).path())!);
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    // the sheet holds the same rows as the CSV
    const parts = unzipSync(new Uint8Array(xlsx));
    const cells = Object.entries(parts)
      .filter(([name]) => name.startsWith('xl/') && name.endsWith('.xml'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('');
    expect(cells).toContain(waiting);
    expect(cells).not.toContain(open);
    expect(cells).toContain('Pending');
  });

  it("shows business-hour figures and the SLA panel, where the admin sets a queue's target", async () => {
    // the company's hours (every day, all day) and a queue with one open ticket
    const me = await apiCall<{ id: number; companyId: number }>(app, token, 'GET', '/auth/me');
    const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    await apiCall(app, token, 'PUT', `/companies/${me.companyId}/schedules`, {
      schedules: days.map((day) => ({
        weekday: day,
        weekdayEn: day,
        startTimeA: '00:00',
        endTimeA: '23:59',
        startTimeB: '',
        endTimeB: '',
      })),
    });
    const queue = await apiCall<{ id: number; name: string }>(app, token, 'POST', '/queue', {
      name: unique('SLA'),
      color: '#3366aa',
      greetingMessage: 'Hello',
    });
    const contact = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', {
      name: unique('Joana'),
      number: `55219${String(Date.now()).slice(-8)}`,
    });
    await apiCall(app, token, 'POST', '/tickets', {
      contactId: contact.id,
      userId: me.id,
      status: 'open',
      queueId: queue.id,
    });

    await goInApp(page, '/reports/duration');
    const times = page.getByTestId('service-times');
    await times.waitFor();
    expect(await times.getByRole('columnheader').allTextContents()).toEqual([
      'Measure',
      'Wall clock',
      'Business hours',
    ]);
    expect(await times.getByRole('row').count()).toBe(7);
    // the projections apply the hours and the ticket within moments: the page asks again on a
    // filter change
    const row = page.getByTestId('sla-row').filter({ hasText: queue.name });
    const note = page.getByTestId('metrics-hours-note');
    const ready = async () =>
      (await row.getByRole('cell').nth(1).textContent()) === '1' &&
      /by the company's/.test((await note.textContent().catch(() => '')) ?? '');
    for (let tries = 0; !(await ready()) && tries < 20; tries += 1) {
      await page.waitForTimeout(500);
      await page.getByLabel('Status').selectOption({ label: tries % 2 ? 'All' : 'Open' });
    }
    await page.getByLabel('Status').selectOption({ label: 'All' });
    expect(await ready()).toBe(true);
    expect(await row.textContent()).toContain('No target');

    await row.getByLabel(`First-response target of ${queue.name}, in minutes`).fill('30');
    await row.getByRole('button', { name: `Save the target of ${queue.name}` }).click();
    await page.getByText('Target saved').first().waitFor();
    // the ticket is unanswered and still within 30 minutes: nothing to measure yet, on both clocks
    await row.getByText('Nothing to measure yet').first().waitFor();
    expect(await row.getByText('Nothing to measure yet').count()).toBe(2);
    expect(
      await row.getByLabel(`First-response target of ${queue.name}, in minutes`).inputValue(),
    ).toBe('30');
    await expect(apiCall(app, token, 'GET', '/reports/sla-targets')).resolves.toMatchObject({
      targets: [{ queueId: queue.id, firstResponseMinutes: 30 }],
    });
  });

  it('fits a phone with the tickets, group and NPS reports, with no serious axe violation', async () => {
    const found = await screenProblems(
      page,
      'reports-kinds',
      async () => {
        const problems: string[] = [];
        for (const kind of ['tickets', 'groups', 'nps']) {
          await goInApp(page, `/reports/${kind}`);
          await page.getByTestId('report-count').waitFor();
          // the NPS answers filter by class; group tickets cannot leave groups out
          await page
            .getByLabel('NPS class')
            .waitFor({ state: kind === 'nps' ? 'visible' : 'detached' });
          await page
            .getByRole('combobox', { name: 'Group tickets' })
            .waitFor({ state: kind === 'groups' ? 'detached' : 'visible' });
          await page.waitForLoadState('networkidle');
          const over = await sidewaysOverflow(page);
          if (over > 0) problems.push(`${kind}: ${over} px too wide`);
          for (const violation of await seriousAxeViolations(page))
            problems.push(`${kind}: ${violation}`);
        }
        return problems;
      },
      { sizes: [{ width: 390, height: 844 }], axeAt: () => false },
    );
    expect(found).toEqual([]);
  });

  it('fits the common screens and a phone, with no serious axe violation in either theme', async () => {
    const found = await screenProblems(
      page,
      'reports',
      async ({ theme, size }) => {
        expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
        await goInApp(page, '/reports/duration');
        await page.getByTestId('report-table').waitFor();
        await page.getByTestId('sla-panel').waitFor();
        await page.waitForLoadState('networkidle');
        for (const part of ['service-metrics', 'sla-panel'])
          await page.getByTestId(part).screenshot({
            path: `/tmp/sb-e2e-reports-${part}-${theme}-${size.width}.png`,
          });
      },
      { axeAt: (size) => size.width !== 1920 },
    );
    expect(found).toEqual([]);
  });
});
