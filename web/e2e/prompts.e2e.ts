import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logInAsAdmin, openFromMenu, seeText } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /prompts (spec 3 §2.16), in a Brazilian Portuguese browser: the admin cannot save a prompt without a
 * queue ("Informe o setor"), then creates one, sees its queue and max tokens in the table, edits it with
 * the masked key left as it is, and deletes it.
 */
describe('prompts screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const queueName = `Vendas ${stamp}`;
  const name = `Assistente ${stamp}`;
  const text =
    'Você é o assistente do setor de vendas. Responda sempre com educação e de forma breve.';
  const row = (label: string) => page.getByTestId('prompt-row').filter({ hasText: label });

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    // the queue is only the setting here: made through the API
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/queue', {
      name: queueName,
      color: '#3366cc',
      greetingMessage: 'Olá',
    });
    const context = await browser.newContext({
      locale: 'pt-BR',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('refuses a prompt without a queue, then creates it', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/prompts');
    await page.getByRole('heading', { level: 1, name: 'Prompts de IA' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar prompt' }).click();
    const form = page.getByTestId('prompt-form');
    await form.getByRole('heading', { name: 'Adicionar prompt' }).waitFor();
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('Chave da API').fill('sk-e2e-secret-000011112222');
    await form.getByLabel('Prompt').fill(text);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Informe o setor').waitFor();

    await form.getByRole('combobox', { name: 'Setor' }).selectOption({ label: queueName });
    await form.getByRole('combobox', { name: 'Voz' }).selectOption({ label: 'Francisca' });
    await form.getByLabel('Máximo de tokens').fill('300');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Prompt salvo com sucesso!');
    await form.waitFor({ state: 'detached' });
    const created = row(name);
    await created.waitFor();
    expect(await created.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([name, queueName, '300']),
    );
  });

  it('edits it, the key shown masked and kept', async () => {
    await row(name).getByRole('button', { name: 'Editar' }).click();
    const form = page.getByTestId('prompt-form');
    await form.getByRole('heading', { name: 'Editar prompt' }).waitFor();
    const key = form.getByLabel('Chave da API');
    expect(await key.getAttribute('type')).toBe('password');
    expect(await key.inputValue()).toBe('sk-...2222');
    await form.getByRole('button', { name: 'Mostrar chave' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    await form.getByLabel('Máximo de tokens').fill('450');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Prompt salvo com sucesso!');
    await form.waitFor({ state: 'detached' });
    await row(name).getByRole('cell', { name: '450', exact: true }).waitFor();
    // the stored key did not change: the API still answers the same masked key
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const { prompts } = await apiCall<{ prompts: { name: string; apiKey: string }[] }>(
      app,
      token,
      'GET',
      '/prompt',
    );
    expect(prompts.find((p) => p.name === name)?.apiKey).toBe('sk-...2222');
  });

  it('deletes it', async () => {
    await row(name).getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Excluir ${name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await seeText(page, 'Prompt excluído.');
    await row(name).waitFor({ state: 'detached' });
  });
});
