import type { Browser, Page } from 'playwright-core';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { DemoAccounts, emulatorOptionsFrom } from '@sb/testing/emulator';
import {
  apiCall,
  apiToken,
  goInApp,
  logInAsSuper,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';
import { screenProblems, seriousAxeViolations, sidewaysOverflow } from './page-checks.js';

/**
 * /campaigns (spec 3 §2.2, §2.4): the admin writes a campaign in the dialog, with a placeholder from the
 * variable picker, to a contact list over a Cloud API connection (its contacts wrote this day); it runs
 * to Finished by itself (the list follows over the socket, even when the list's refetch after the save
 * answers after the campaign finished), each contact receives the message with its placeholders
 * filled, and the report counts the sends. Then a campaign to contacts who never wrote (outside the 24-hour
 * window) with an approved Cloud API template chosen in the dialog, its parameters mapped to placeholders:
 * each contact receives the template filled, and the report names it. The list, the dialog (with its
 * template picker) and the report fit the common screens and a phone, with no serious axe violation in
 * either theme. A campaign to a tag's contacts, started now, shows its counts; one whose every row
 * failed reads as failed. A schedule Meta refuses (24-hour window) says why, in the list and on the
 * ticket (here, where the Cloud API emulator is).
 */
describe('campaigns screen', () => {
  let app: RunningApp;
  let emulator: GraphEmulator;
  let browser: Browser;
  let page: Page;
  const phoneNumberId = '100000000000002';
  const campaignName = unique('Black Friday');
  const contacts = [
    { name: 'Ana Souza', number: `55119${String(Date.now()).slice(-8)}` },
    { name: 'Bruno Lima', number: `55118${String(Date.now()).slice(-8)}` },
  ];
  let listId = 0;
  // contacts who never wrote: only a template reaches them
  const strangers = [
    { name: 'Carla Dias', number: `55117${String(Date.now()).slice(-8)}` },
    { name: 'Davi Rocha', number: `55116${String(Date.now()).slice(-8)}` },
  ];
  let strangersListId = 0;
  let connectionId = 0;
  let helperToken = '';
  /** the campaign's report page, once the first test opened it */
  let reportPath = '';
  const saved = Object.fromEntries(
    ['META_GRAPH_URL', 'META_APP_SECRET', 'META_VERIFY_TOKEN'].map((name) => [
      name,
      process.env[name],
    ]),
  );

  /** The value `datetime-local` inputs take for now, in the browser's (this machine's) zone. */
  const localNow = () => {
    const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000);
    return now.toISOString().slice(0, 16);
  };

  beforeAll(async () => {
    emulator = await new GraphEmulator(
      emulatorOptionsFrom({ EMULATOR_PORT: '0', META_APP_SECRET: 'e2e-campaigns-secret' }),
    ).start();
    Object.assign(process.env, {
      META_GRAPH_URL: emulator.graphUrl,
      META_APP_SECRET: 'e2e-campaigns-secret',
      META_VERIFY_TOKEN: 'campaigns',
    });
    // an app of its own: it talks to this file's Cloud API emulator (META_GRAPH_URL)
    app = await startStandalone();
    emulator.setWebhookUrl(`${app.apiUrl}/webhooks/meta`);
    // the setting: a connection, a list with two contacts, and no pause between messages
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const connection = await apiCall<{ id: number }>(app, token, 'POST', '/whatsapp', {
      name: 'Campaign line',
      channel: 'whatsappapi',
      credentials: {
        phoneNumberId,
        accessToken: 'emulator-token',
        // its WhatsApp Business Account: the emulator's default templates
        businessAccountId: DemoAccounts.businessAccountId,
      },
    });
    connectionId = connection.id;
    // a second admin for the calls made while the browser holds the first admin's only session
    await apiCall(app, token, 'POST', '/users', {
      name: 'Campaign helper',
      email: 'helper@campaigns-e2e.test',
      password: 'helper-pass-123',
      profile: 'admin',
    });
    helperToken = await apiToken(app, 'helper@campaigns-e2e.test', 'helper-pass-123');
    await apiCall(app, token, 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
    });
    const list = await apiCall<{ id: number }>(app, token, 'POST', '/contact-lists', {
      name: unique('Customers'),
    });
    listId = list.id;
    for (const contact of contacts) {
      await apiCall(app, token, 'POST', '/contact-list-items', {
        ...contact,
        email: '',
        contactListId: listId,
      });
      // customers who wrote in the last 24 hours: Meta takes free text only inside that window
      await emulator.customerText({ phoneNumberId, from: contact.number, text: 'Oi!' });
    }
    const strangersList = await apiCall<{ id: number }>(app, token, 'POST', '/contact-lists', {
      name: unique('Never wrote'),
    });
    strangersListId = strangersList.id;
    for (const contact of strangers) {
      await apiCall(app, token, 'POST', '/contact-list-items', {
        ...contact,
        email: '',
        contactListId: strangersListId,
      });
    }
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await browser?.close();
    await app?.stop();
    await emulator?.close();
  });

  it('runs a campaign written in the dialog to Finished, and reports its sends', async () => {
    await logInAsSuper(page, app);
    await openFromMenu(page, '/campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(campaignName);
    await dialog.getByText('Campaign line').click();
    await dialog.locator('select[name="contactListId"]').selectOption(String(listId));
    await dialog.getByLabel('Scheduled').fill(localNow());
    const message = dialog.getByRole('textbox', { name: 'Message 1' });
    await message.fill('Oi ');
    // the picker puts the placeholder where the cursor is
    await dialog.getByRole('button', { name: 'Variables' }).click();
    await page.getByRole('menuitem', { name: '{firstName}' }).click();
    await message.press('End');
    await message.pressSequentially(', a promoção começou!');
    expect(await message.inputValue()).toBe('Oi {firstName}, a promoção começou!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Campaign saved.');

    // it runs by itself, and the list follows it over the socket
    const row = page.getByTestId('campaign-row').filter({ hasText: campaignName });
    await row.getByText('Finished').waitFor({ timeout: 60_000 });
    for (const contact of contacts) {
      const received = emulator
        .conversation(phoneNumberId, contact.number)
        .map((line) => JSON.stringify(line));
      const firstName = contact.name.split(' ')[0];
      expect(received.some((line) => line.includes(`Oi ${firstName}, a promoção começou!`))).toBe(
        true,
      );
    }

    await row.getByRole('button', { name: 'Report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaign report' }).waitFor();
    await page.getByTestId('shipping-row').nth(1).waitFor();
    expect(await page.getByTestId('shipping-row').count()).toBe(2);
    await page.getByTestId('counter-sent').getByText('2', { exact: true }).waitFor();
    reportPath = new URL(page.url()).pathname;
  });

  it("test-sends the campaign's message to one number, filled for its contact", async () => {
    await goInApp(page, '/campaigns');
    const row = page.getByTestId('campaign-row').filter({ hasText: campaignName });
    await row.getByRole('button', { name: 'Test send' }).click();
    const dialog = page.getByTestId('campaign-test-send');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText('Type a number with at least 8 digits').waitFor();
    const [ana] = contacts;
    const before = emulator.conversation(phoneNumberId, ana!.number).length;
    await dialog.getByLabel('Number (with country code)').fill(`+${ana!.number}`);
    for (const violation of await seriousAxeViolations(page))
      throw new Error(`test-send dialog: ${violation}`);
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await seeText(page, 'Test sent: 1 message');
    const received = emulator
      .conversation(phoneNumberId, ana!.number)
      .slice(before)
      .map((line) => JSON.stringify(line));
    expect(received.some((line) => line.includes('Oi Ana, a promoção começou!'))).toBe(true);
  });

  it('sends an approved template chosen in the dialog to contacts who never wrote', async () => {
    const name = unique('Template promo');
    await goInApp(page, '/campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByText('Campaign line').click();
    await dialog.locator('select[name="contactListId"]').selectOption(String(strangersListId));
    await dialog.getByLabel('Scheduled').fill(localNow());
    // the connection's approved templates, read from Meta (the emulator)
    const picker = dialog.getByTestId('campaign-template');
    const template = picker.getByLabel('Template');
    await template.locator('option', { hasText: 'seasonal_promo (pt_BR)' }).waitFor({
      state: 'attached',
    });
    expect(await template.locator('option').allTextContents()).not.toContain(
      'new_arrivals (pt_BR)',
    );
    await template.selectOption({ label: 'seasonal_promo (pt_BR)' });
    await picker
      .getByTestId('template-body')
      .getByText('Oi {{1}}! A promoção começou: use o cupom {{2}} até domingo.')
      .waitFor();
    // parameter 1 from the variable picker, parameter 2 typed
    await picker.getByRole('button', { name: 'Variables for parameter 1' }).click();
    await page.getByRole('menuitem', { name: '{firstName}' }).click();
    expect(await picker.getByLabel('Parameter 1', { exact: true }).inputValue()).toBe(
      '{firstName}',
    );
    await picker.getByLabel('Parameter 2', { exact: true }).fill('BLACK10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Campaign saved.');

    const row = page.getByTestId('campaign-row').filter({ hasText: name });
    await row.getByText('Finished').waitFor({ timeout: 60_000 });
    for (const contact of strangers) {
      const firstName = contact.name.split(' ')[0];
      const received = emulator.conversation(phoneNumberId, contact.number).map((l) => l.text);
      expect(received).toEqual([
        `Promoção\nOi ${firstName}! A promoção começou: use o cupom BLACK10 até domingo.`,
      ]);
    }
    await row.getByRole('button', { name: 'Report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaign report' }).waitFor();
    await page.getByText('Template: seasonal_promo (pt_BR)').waitFor();
    await page.getByTestId('counter-delivered').getByText('2', { exact: true }).waitFor();
  });

  it('fits the common screens and a phone, with no serious axe violation in either theme', async () => {
    const found: string[] = [];
    for (const { path, heading, name } of [
      { path: '/campaigns', heading: 'Campaigns', name: 'campaigns' },
      { path: reportPath, heading: 'Campaign report', name: 'campaign-report' },
    ])
      found.push(
        ...(await screenProblems(page, name, async () => {
          await goInApp(page, path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.waitForLoadState('networkidle');
        })),
      );
    // the dialog, open over the list, with the template picker of the Cloud API connection
    const dialog = page.getByRole('dialog');
    found.push(
      ...(await screenProblems(
        page,
        'campaign-dialog',
        async () => {
          await goInApp(page, '/campaigns');
          await page.getByRole('button', { name: 'New campaign' }).click();
          await dialog.getByLabel('Name').waitFor();
          await dialog.getByText('Campaign line').click();
          const picker = dialog.getByTestId('campaign-template');
          await picker
            .getByLabel('Template')
            .locator('option', { hasText: 'order_update (pt_BR)' })
            .waitFor({ state: 'attached' });
          await picker.getByLabel('Template').selectOption({ label: 'order_update (pt_BR)' });
          await picker.getByLabel('Parameter 2', { exact: true }).waitFor();
        },
        {
          leave: async () => {
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'detached' });
          },
        },
      )),
    );
    expect(found).toEqual([]);
  });

  it('sends to the contacts of a tag when started now, and shows the counts and a failed run', async () => {
    const token = helperToken;
    // Ana wrote this day (the tickets service knows her); Eva never wrote
    const [ana] = contacts;
    const anaContact = (
      await apiCall<{ contacts: { id: number }[] }>(
        app,
        token,
        'GET',
        `/contacts?searchParam=${ana!.number}&pageNumber=1`,
      )
    ).contacts[0]!;
    const eva = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', {
      name: 'Eva Nunes',
      number: `55115${String(Date.now()).slice(-8)}`,
    });
    const tagName = unique('VIP');
    const tag = await apiCall<{ id: number }>(app, token, 'POST', '/tags', {
      name: tagName,
      color: '#3366CC',
      kanban: 0,
    });
    for (const contactId of [anaContact.id, eva.id])
      await apiCall(app, token, 'POST', '/tags/sync', { contactId, tags: [tag.id] });

    const name = unique('Tag news');
    await goInApp(page, '/campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByText('Campaign line').click();
    await dialog.getByLabel('Send to').selectOption({ label: 'The contacts of a tag' });
    const tagSelect = dialog.getByLabel('Tag', { exact: true });
    await tagSelect.locator('option', { hasText: tagName }).waitFor({ state: 'attached' });
    await tagSelect.selectOption({ label: `${tagName} (2 contacts)` });
    await dialog.getByRole('textbox', { name: 'Message 1' }).fill('Novidade para {firstName}');
    for (const violation of await seriousAxeViolations(page))
      throw new Error(`campaign dialog with a tag: ${violation}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Campaign saved.');

    // saved without a time: inactive until started now
    const row = page.getByTestId('campaign-row').filter({ hasText: name });
    await row.getByText('Inactive').waitFor();
    await row.getByText(`Tag: ${tagName}`).waitFor();
    await row.getByRole('button', { name: 'Start now' }).click();
    await seeText(page, 'Campaign started.');
    await row.getByText('Finished').waitFor({ timeout: 60_000 });
    // sent / delivered / failed / opted out: Eva is outside the 24-hour window
    await row.getByTestId('campaign-counts').getByText('1 / 1 / 1 / 0').waitFor();
    // filled with the contact as the tickets service knows her: her WhatsApp profile name
    expect(emulator.conversation(phoneNumberId, ana!.number).map((line) => line.text)).toContain(
      'Novidade para Customer',
    );

    // a campaign to Eva alone: every row fails, and the list says so
    const lonely = await apiCall<{ id: number }>(app, token, 'POST', '/tags', {
      name: unique('Cold'),
      color: '#CC3366',
      kanban: 0,
    });
    await apiCall(app, token, 'POST', '/tags/sync', { contactId: eva.id, tags: [lonely.id] });
    const failing = unique('Nobody hears');
    await apiCall(app, token, 'POST', '/campaigns', {
      name: failing,
      whatsappId: connectionId,
      tagListId: lonely.id,
      message1: 'Hello there',
      scheduledAt: new Date().toISOString(),
    });
    const failedRow = page.getByTestId('campaign-row').filter({ hasText: failing });
    await failedRow.getByText('Failed', { exact: true }).waitFor({ timeout: 60_000 });
    await failedRow.getByTestId('campaign-counts').getByText('0 / 0 / 1 / 0').waitFor();
    // the list with counts, a tag and a failed badge: no serious axe violation, and it fits a phone
    for (const violation of await seriousAxeViolations(page))
      throw new Error(`campaigns list: ${violation}`);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await failedRow.getByText('Failed', { exact: true }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('a schedule to a contact who never wrote says why it failed, in the list and on the ticket', async () => {
    const token = helperToken;
    const number = `55114${String(Date.now()).slice(-8)}`;
    const contact = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', {
      name: 'Fabio Frio',
      number,
    });
    await apiCall(app, token, 'POST', '/schedules', {
      body: 'Seu pedido saiu para entrega',
      contactId: contact.id,
      sendAt: new Date().toISOString(),
    });
    const reason =
      'The 24-hour window to answer this contact is closed: they must write first (or use a template).';
    await goInApp(page, '/schedules');
    await page.getByRole('heading', { level: 1, name: 'Schedules' }).waitFor();
    const row = page.getByTestId('schedule-row').filter({ hasText: 'Fabio Frio' });
    await row.getByText('Error', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByTestId('schedule-error').getByText(reason).waitFor();
    // the ticket holds the message, marked not sent with the same reason
    const { tickets } = await apiCall<{ tickets: { uuid: string }[] }>(
      app,
      token,
      'GET',
      `/tickets?searchParam=${number}&showAll=true`,
    );
    await goInApp(page, `/tickets/${tickets[0]!.uuid}`);
    await page.getByTestId('send-error').getByText(`Not sent: ${reason}`).waitFor();
  });
});
