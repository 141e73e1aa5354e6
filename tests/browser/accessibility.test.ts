import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  controlledBy,
  DESKTOP,
  describeViolations,
  PHONE,
  pageHeading,
  runningApp,
  seedJournal,
  signInAs,
} from './harness.ts';

// Issue 27: every page and dialog passes axe-core's WCAG 2.1 A and AA rules, at both sizes,
// online and offline (offline: reloaded from the service worker's copy, the cache's data).

const { server, browser } = runningApp();

/** The pages by path, each with its heading. */
const PAGES = [
  ['/dashboard', 'Dashboard'],
  ['/edge-definition', 'Edge Definition'],
  ['/trade-setups', 'Trade Setups'],
  ['/trade-plans', 'Trade Plans'],
  ['/trades', 'Trades'],
  ['/review', 'Review'],
  ['/backup', 'Export and backup'],
] as const;

const dialog = (page: Page) => page.getByRole('dialog');

/** A page at `path`, its data shown: no placeholder, no skeleton left. */
async function openPage(page: Page, baseUrl: string, path: string, heading: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await pageHeading(page, heading).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('main [aria-busy="true"], main [data-placeholder]'),
  );
  if (path === '/dashboard') await page.getByText('Current Market Cycle:').waitFor();
}

/** The dialogs, each opened from its page: the name it is checked under, its page, how it opens. */
const DIALOGS: [name: string, path: string, open: (page: Page) => Promise<void>][] = [
  [
    'account settings',
    '/dashboard',
    (page) => page.getByRole('button', { name: /Alex Margin .*account settings/ }).click(),
  ],
  ['add account form', '/dashboard', (page) => page.getByRole('button', { name: 'Add an account' }).click()],
  ['edge form', '/edge-definition', (page) => page.getByRole('button', { name: '+ New Edge' }).click()],
  ['setup form', '/trade-setups', (page) => page.getByRole('button', { name: '+ New Setup' }).click()],
  ['plan form', '/trade-plans', (page) => page.getByRole('button', { name: '+ New Trade Plan' }).click()],
  [
    "a plan's details",
    '/trade-plans',
    (page) => page.getByRole('rowheader', { name: 'AAPL' }).getByRole('button').click(),
  ],
  [
    'a confirm dialog',
    '/trade-plans',
    (page) => page.getByRole('row', { name: /AAPL/ }).getByRole('button', { name: 'Delete' }).click(),
  ],
  ['record fill form', '/trades', (page) => page.getByRole('button', { name: '+ Record Fill' }).click()],
  ["a trade's details", '/trades', (page) => page.locator('tbody th button').first().click()],
];

/** What a check found wrong on the page as it is now, as lines to read ("where" begins each). */
type Check = (page: Page, where: string) => Promise<string[]>;

const axeCheck: Check = async (page, where) => describeViolations(where, await axeViolations(page));

/**
 * Interactive elements smaller than 44 × 44 CSS px (WCAG 2.5.5, which issue 27 asks for; 2.5.8 asks
 * 24 × 24), of those the trader can reach now (an open modal dialog's alone). Not measured: what
 * is not shown (visually hidden: 1 px or less), and a link inside a sentence, which WCAG 2.5.8's
 * inline exception covers (its size is set by the line-height of the text around it). A control
 * inside its <label> is measured with the label: a tap on the label works the control.
 */
const tapTargetCheck: Check = async (page, where) => {
  const small = await page.evaluate(() => {
    const scope: ParentNode = document.querySelector('dialog[open]') ?? document;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const inSentence = (el: Element) =>
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      Array.from(el.parentElement?.childNodes ?? []).some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
    const found: string[] = [];
    for (const el of Array.from(scope.querySelectorAll(selector))) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const label = el.closest('label');
      const { width, height } = (label ?? el).getBoundingClientRect();
      if (width <= 1 || height <= 1 || inSentence(el)) continue;
      if (width < 43.5 || height < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        const type = el.getAttribute('type');
        found.push(
          `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name}" ${width.toFixed(0)} × ${height.toFixed(0)}`,
        );
      }
    }
    return found;
  });
  return small.map((s) => `${where}: ${s}`);
};

/** Every page and dialog checked: the lines describing what failed, none when all pass. */
async function sweep(page: Page, mode: string, check: Check = axeCheck): Promise<string[]> {
  const failures: string[] = [];
  for (const [path, heading] of PAGES) {
    await openPage(page, server.url, path, heading);
    failures.push(...(await check(page, `${mode} ${path}`)));
  }
  for (const [name, path, open] of DIALOGS) {
    await openPage(page, server.url, path, PAGES.find(([p]) => p === path)![1]);
    await open(page);
    await dialog(page).getByRole('heading').first().waitFor();
    // The dialog's own data, where it reads some from the device: a trade's fills.
    if (name === "a trade's details")
      await dialog(page).locator('table.trade-fills tbody tr').first().waitFor();
    failures.push(...(await check(page, `${mode} ${name}`)));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  }
  // A path the app has no page for.
  await page.goto(`${server.url}/no-such-page`);
  await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
  failures.push(...(await check(page, `${mode} /no-such-page`)));
  return failures;
}

let seeded = false;
/** Something on each list to check: an edge, a setup and a plan (Alex's trades come from the demo broker). */
async function seed(page: Page): Promise<void> {
  if (seeded) return;
  seeded = true;
  await seedJournal(page);
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`axe-core, WCAG 2.1 A and AA, at ${size} size`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext({ viewport });
      page = await context.newPage();
      await signInAs(page, server.url);
      await seed(page);
      await controlledBy(page);
    });
    afterAll(() => context?.close());

    it('finds nothing on any page or dialog, online', { timeout: 120_000 }, async () => {
      const failures = await sweep(page, 'online');
      expect(failures, failures.join('\n')).toEqual([]);
    });

    it('finds nothing on any page or dialog, offline', { timeout: 120_000 }, async () => {
      await context.setOffline(true);
      try {
        const failures = await sweep(page, 'offline');
        expect(failures, failures.join('\n')).toEqual([]);
      } finally {
        await context.setOffline(false);
      }
    });

    it('has a skip link as the first Tab stop, shown on focus, that moves focus to the page', async () => {
      await openPage(page, server.url, '/trade-plans', 'Trade Plans');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1); // not shown until focused
      await page.keyboard.press('Tab');
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      expect(new URL(page.url()).hash).toBe('');
      // The next Tab stop is the page's first control, past the header and the navigation.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main, header, nav')?.tagName)).toBe(
        'MAIN',
      );
    });

    if (size === 'phone') {
      it('finds no tap target under 44 × 44 CSS px on any page or dialog', { timeout: 120_000 }, async () => {
        const failures = await sweep(page, 'phone', tapTargetCheck);
        expect(failures, failures.join('\n')).toEqual([]);
      });
    }

    it('finds nothing on the error page and the signed-out page, offline and online', async () => {
      const failures: string[] = [];
      // At phone size their tap targets are measured too.
      const checks = size === 'phone' ? [axeCheck, tapTargetCheck] : [axeCheck];
      const check = async (where: string) => {
        for (const c of checks) failures.push(...(await c(page, where)));
      };
      await page.goto(`${server.url}/?status=error`);
      await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
      await check('online /error');
      await context.setOffline(true);
      try {
        await page.reload();
        await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
        await check('offline /error');
        // Logged out offline: the signed-out screen, which says the trader is offline.
        await openPage(page, server.url, '/dashboard', 'Dashboard');
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
        await check('offline signed out');
      } finally {
        await context.setOffline(false);
      }
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
      await check('online signed out');
      expect(failures, failures.join('\n')).toEqual([]);
    });
  });
}
