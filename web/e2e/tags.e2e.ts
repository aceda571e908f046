import type { Browser, Page } from 'playwright-core';
import { logInAsAdmin, openFromMenu, openPage, seeText, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /tags and /TagsKanban: the super admin creates a tag, changes its colour, deletes it; a kanban lane made
 * on /TagsKanban stays off /tags and the other way round.
 */
describe('tags screens', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const tag = unique('Tag');
  const lane = unique('Lane');
  const tagRow = (name: string) =>
    page.locator('[data-testid^="tag-row-"]').filter({ hasText: name });
  /** The background of the tag's chip (the badge holding its name). */
  const chipColor = (name: string) =>
    tagRow(name)
      .getByText(name, { exact: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);

  /** Fills the tag dialog and saves it. */
  const saveTag = async (values: { name?: string; color?: string }, title: string) => {
    const modal = page.getByTestId('tag-modal');
    await modal.getByRole('heading', { name: title }).waitFor();
    if (values.name !== undefined)
      await modal.getByLabel('Name', { exact: true }).fill(values.name);
    if (values.color !== undefined) {
      await modal.getByLabel('Colour', { exact: true }).fill(values.color);
    }
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Tag saved successfully.');
    await modal.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a tag with a colour', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/tags');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();

    await page.getByRole('button', { name: 'Add tag' }).click();
    // a new tag starts with a random colour already filled in
    const modal = page.getByTestId('tag-modal');
    expect(await modal.getByLabel('Colour', { exact: true }).inputValue()).toMatch(
      /^#[0-9a-f]{6}$/i,
    );
    await saveTag({ name: tag, color: '#ff0000' }, 'Tag');
    await tagRow(tag).waitFor();
    expect(await chipColor(tag)).toBe('rgb(255, 0, 0)');
    // a normal tag counts contacts: none yet
    expect(await tagRow(tag).getByRole('cell').nth(1).textContent()).toBe('0');
  });

  it('refuses a colour that is no hex colour', async () => {
    await tagRow(tag).getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByTestId('tag-modal');
    await modal.getByRole('heading', { name: 'Edit tag' }).waitFor();
    await modal.getByLabel('Colour', { exact: true }).fill('red');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Use a colour like #A4CCCC').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('edits the colour of the tag', async () => {
    await tagRow(tag).getByRole('button', { name: 'Edit' }).click();
    await saveTag({ color: '#0000ff' }, 'Edit tag');
    // the list refetches after the save: wait for the new colour
    for (let tries = 0; (await chipColor(tag)) !== 'rgb(0, 0, 255)'; tries += 1) {
      if (tries > 50) throw new Error(`the chip stayed ${await chipColor(tag)}`);
      await page.waitForTimeout(100);
    }
  });

  it('creates a kanban lane on /TagsKanban that stays off /tags', async () => {
    await openFromMenu(page, '/TagsKanban');
    await page.getByRole('heading', { level: 1, name: 'Kanban tags' }).waitFor();
    expect(await tagRow(tag).count()).toBe(0);
    await page.getByRole('button', { name: 'Add lane' }).click();
    await saveTag({ name: lane }, 'Tag');
    await tagRow(lane).waitFor();
    // a lane counts tickets
    await page.getByRole('columnheader', { name: 'Tickets' }).waitFor();

    await openFromMenu(page, '/tags');
    await tagRow(tag).waitFor();
    expect(await tagRow(lane).count()).toBe(0);
  });

  it('deletes the tag after confirming', async () => {
    await tagRow(tag).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${tag}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Tag deleted.');
    await tagRow(tag).waitFor({ state: 'detached' });
  });

  it('deletes the lane on /TagsKanban', async () => {
    await openFromMenu(page, '/TagsKanban');
    await tagRow(lane).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Tag deleted.');
    await tagRow(lane).waitFor({ state: 'detached' });
  });
});
