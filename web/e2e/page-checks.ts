import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe on the page as it is: its serious and critical violations, with where they are. */
export const seriousAxeViolations = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
};

/** Waits until `check` holds, polling the page every 100 ms; throws after `timeoutMs`. */
export const until = async (page: Page, check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await page.waitForTimeout(100);
  }
};

/** How many pixels the window, or the main area that scrolls inside it, is wider than it shows. */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('main');
    return Math.max(
      scroller.scrollWidth - window.innerWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
  });

/** Saves the theme as the app's theme menu does, and reloads so the page is drawn in it. */
export const useTheme = async (page: Page, theme: 'light' | 'dark') => {
  await page.evaluate((theme) => localStorage.setItem('preferredTheme', theme), theme);
  await page.reload();
};
