import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Waits (up to 3 s) until the page's finite animations have ended: axe reads colours as they are at
 * that moment, and a dialog still fading in has every text at part opacity (a contrast "violation"
 * no user sees once it has opened). Endless animations (spinners) are not waited for.
 */
const animationsSettled = (page: Page) =>
  page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);

/** Runs axe on the settled page: its serious and critical violations, with where they are. */
export const seriousAxeViolations = async (page: Page): Promise<string[]> => {
  await animationsSettled(page);
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

/**
 * Runs `step`; when it fails, the error also says where the page was and what it showed (a failure on
 * CI is read from its output alone).
 */
export const withPageState = async <T>(page: Page, at: string, step: () => Promise<T>) => {
  try {
    return await step();
  } catch (err) {
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400))
      .catch(() => '(page not readable)');
    if (err instanceof Error) err.message += `\n  at ${at}, on ${page.url()}, showing: ${text}`;
    throw err;
  }
};

export type Theme = 'light' | 'dark';
export type WindowSize = { width: number; height: number };

/** The windows every screen is checked in: the smallest and the largest usual desktop, and a phone. */
export const CheckedSizes: readonly WindowSize[] = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

export type ScreenCheckOptions = {
  sizes?: readonly WindowSize[];
  /** where axe runs; default at 1280 px only (the rules it checks do not change with the width) */
  axeAt?: (size: WindowSize) => boolean;
  /** undoes what `show` opened (a menu, a popover) before the next window */
  leave?: () => Promise<void>;
};

/**
 * Shows a screen in both themes at each size and lists what is wrong with it: the window (or the
 * main area) wider than it shows, and axe's serious or critical violations. `show` brings the screen
 * up and waits for it, and may answer problems of its own. A screenshot of each goes to
 * /tmp/sb-e2e-<name>-<theme>-<width>.png. The page is left light at 1280×800.
 */
export const screenProblems = async (
  page: Page,
  name: string,
  show: (at: { theme: Theme; size: WindowSize }) => Promise<string[] | void>,
  options: ScreenCheckOptions = {},
): Promise<string[]> => {
  const { sizes = CheckedSizes, axeAt = (size) => size.width === 1280 } = options;
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    for (const size of sizes) {
      await page.setViewportSize(size);
      const at = `${name} ${theme} ${size.width}x${size.height}`;
      for (const problem of (await withPageState(page, at, () => show({ theme, size }))) ?? [])
        found.push(`${at}: ${problem}`);
      const over = await sidewaysOverflow(page);
      if (over > 0) found.push(`${at}: ${over} px too wide`);
      // as a person sees it once it has opened (not a popover halfway through fading in)
      await animationsSettled(page);
      await page.screenshot({ path: `/tmp/sb-e2e-${name}-${theme}-${size.width}.png` });
      if (axeAt(size))
        for (const violation of await seriousAxeViolations(page)) found.push(`${at}: ${violation}`);
      await options.leave?.();
    }
  }
  await useTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
};
