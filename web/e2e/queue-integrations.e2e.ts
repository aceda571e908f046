import type { Browser, Page } from 'playwright-core';
import { DialogflowEmulator } from '@sb/testing/bot-emulators';
import { logInAsSuper, openFromMenu, openPage, seeText } from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';

/**
 * /queue-integration (spec 3 §2.14): the admin adds a Typebot integration, edits and deletes it, then
 * adds a Dialogflow one and presses Test, which asks the Dialogflow emulator the standalone points at.
 */
describe('queue integrations screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let emulator: DialogflowEmulator;
  let key: string;
  const stamp = Date.now().toString(36);
  const typebot = `Sales ${stamp}`;
  const renamed = `Support ${stamp}`;
  const agent = `Agent ${stamp}`;
  const previousUrl = process.env.DIALOGFLOW_URL;
  const row = (name: string) => page.getByTestId('queue-integration-row').filter({ hasText: name });
  const form = () => page.getByTestId('queue-integration-form');

  beforeAll(async () => {
    emulator = await new DialogflowEmulator().start();
    emulator.when('Hello', { messages: ['Hi! How can I help?'], intent: 'Welcome' });
    key = emulator.createServiceAccountKey({ projectId: 'e2e-agent' });
    // the harness hands its environment to the standalone, whose tickets service reads this
    process.env.DIALOGFLOW_URL = emulator.url;
    // an app of its own: it asks this file's Dialogflow emulator (DIALOGFLOW_URL)
    app = await startStandalone();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    if (previousUrl === undefined) delete process.env.DIALOGFLOW_URL;
    else process.env.DIALOGFLOW_URL = previousUrl;
    await browser?.close();
    await app?.stop();
    await emulator?.close();
  });

  it('adds a Typebot integration, checking the form first', async () => {
    await logInAsSuper(page, app);
    await openFromMenu(page, '/queue-integration');
    await page.getByRole('heading', { level: 1, name: 'Integrations (0)' }).waitFor();

    await page.getByRole('button', { name: 'Add integration' }).click();
    await form().getByRole('heading', { name: 'Add integration' }).waitFor();
    await form().getByLabel('Type', { exact: true }).selectOption('typebot');
    await form().getByLabel('Name', { exact: true }).fill('S');
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await form().getByText('Too Short!').waitFor();
    await form().getByText('Required', { exact: true }).waitFor();

    await form().getByLabel('Name', { exact: true }).fill(typebot);
    await form().getByLabel('URL').fill('https://typebot.example.test');
    await form().getByLabel('Typebot slug').fill('sales-flow');
    expect(await form().getByLabel('Delay between messages (ms)').inputValue()).toBe('1000');
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, 'Integration added successfully!');
    await form().waitFor({ state: 'detached' });
    await row(typebot).getByRole('img', { name: 'Typebot' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Integrations (1)' }).waitFor();
  });

  it('edits it and deletes it after a confirmation titled with its name', async () => {
    await row(typebot).getByRole('button', { name: 'Edit' }).click();
    await form().getByRole('heading', { name: 'Edit integration' }).waitFor();
    expect(await form().getByLabel('Typebot slug').inputValue()).toBe('sales-flow');
    await form().getByLabel('Name', { exact: true }).fill(renamed);
    await form().getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Integration edited successfully!');
    await row(renamed).waitFor();

    await row(renamed).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${renamed}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Integration deleted successfully!');
    await row(renamed).waitFor({ state: 'detached' });
  });

  it('adds a Dialogflow integration and tests it against the emulator', async () => {
    await page.getByRole('button', { name: 'Add integration' }).click();
    await form().getByLabel('Type', { exact: true }).selectOption('dialogflow');
    await form().getByLabel('Name', { exact: true }).fill(agent);
    await form().getByLabel('Language').selectOption('en');
    await form().getByLabel('Project name').fill('e2e-agent');
    await form().getByLabel('JSON key (service account)').fill(key);
    await form().getByRole('button', { name: 'Test bot' }).click();
    await form().getByText('The agent said: Hi! How can I help?').waitFor();
    await seeText(page, 'Integration tested successfully!');
    expect(emulator.detections.at(-1)).toMatchObject({ text: 'Hello', languageCode: 'en' });

    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, 'Integration added successfully!');
    await row(agent).getByRole('img', { name: 'DialogFlow' }).waitFor();

    // the edit form shows the key without its private key, and the test still works with it
    await row(agent).getByRole('button', { name: 'Edit' }).click();
    const shown = await form().getByLabel('JSON key (service account)').inputValue();
    expect(shown).toContain('"private_key": "********"');
    expect(shown).not.toContain('PRIVATE KEY');
    const before = emulator.detections.length;
    await form().getByRole('button', { name: 'Test bot' }).click();
    await form().getByText('The agent said: Hi! How can I help?').waitFor();
    expect(emulator.detections.length).toBe(before + 1);
  });
});
