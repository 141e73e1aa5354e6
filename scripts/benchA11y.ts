/**
 * `npx tsx scripts/bench.ts --lighthouse-a11y`: Lighthouse 12.8.2's accessibility category (mobile,
 * the default) on every page and the dialogs, one run each (its audits are axe-core's: the
 * score does not vary between runs). Issue 27 asks for 100 everywhere.
 *
 * Lighthouse's CLI opens a tab of its own, where the app, without this tab's sign-in (sessionStorage),
 * goes to the broker's page: so its Node API drives one tab, signed in as a trader would, through
 * puppeteer-core (Lighthouse's own dependency). Both come with npx, never a dependency of ours.
 * Pages load in navigation mode (storage kept); dialogs, the signed-out screen (a logout offline)
 * are checked in snapshot mode, as they are on screen.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_HEADINGS } from '../src/domain/pages.ts';
import { report, root } from './benchServer.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';

interface Lhr {
  categories: { accessibility: { score: number | null } };
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string }>;
}
type Page = {
  goto(url: string): Promise<unknown>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  setOfflineMode(offline: boolean): Promise<void>;
};

/** Lighthouse's package folder, fetched by npx into its cache. */
export function lighthouseDir(): string {
  const cli = execFileSync('npx', ['-y', '-p', LIGHTHOUSE, '-c', 'realpath "$(which lighthouse)"'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  return dirname(dirname(cli)); // …/lighthouse/cli/index.js
}

/**
 * Clicks the first element matching `selector` whose text is `text`, once it is there (through
 * the redirects on the way to it).
 */
export async function click(page: Page, selector: string, text: string | RegExp): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await clickNow(page, selector, text);
    } catch (error) {
      if (attempt > 20 || !String(error).includes('context was destroyed')) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
const clickNow = (page: Page, selector: string, text: string | RegExp) =>
  page.evaluate<void>(`(async () => {
    const matches = (el) => ${text instanceof RegExp ? `${text}.test(el.textContent.trim())` : `el.textContent.trim() === ${JSON.stringify(text)}`};
    for (let i = 0; i < 400; i++) {
      const el = [...document.querySelectorAll(${JSON.stringify(selector)})].find(matches);
      if (el) return el.click();
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('not found: ' + ${JSON.stringify(String(text))} + ' on ' + location.pathname + ': ' + document.body.innerText.slice(0, 300));
  })()`);

export async function benchA11y(url: string, cookie: string): Promise<void> {
  // Something on each list: an edge, a setup, a plan (the demo broker's trades are there already).
  const headers = { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('edges', {
    name: 'Trend',
    description: 'EMA21 rising',
    identificationNotes: 'Daily',
    weightFactor: 0.7,
  });
  await post('tradesetups', { name: 'Bull flag', rules: [] });
  await post('tradeplans', { stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 });

  const dir = lighthouseDir();
  const load = (specifier: string) =>
    import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve(specifier)).href);
  const { navigation, snapshot } = await load('lighthouse');
  const puppeteer = (await load('puppeteer-core')).default;
  const config = { extends: 'lighthouse:default', settings: { onlyCategories: ['accessibility'] } };
  const flags = { disableStorageReset: true };

  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} accessibility, mobile (issue 27: 100 on every page)`);
  const record = (name: string, lhr: Lhr) => {
    const failing = Object.entries(lhr.audits)
      .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map(([id, a]) => `${id}: ${a.title}`);
    report(name, String(Math.round((lhr.categories.accessibility.score ?? 0) * 100)), '100');
    for (const f of failing) console.log(`    ${f}`);
  };

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page: Page = await browser.newPage();
    await page.goto(url);
    await click(page, 'button', 'Sign in as Alex (demo)');
    await page.waitForSelector('main section:not([data-placeholder]) h1', { timeout: 30_000 });
    for (const path of Object.keys(PAGE_HEADINGS)) {
      record(path, (await navigation(page, `${url}${path}`, { config, flags })).lhr);
    }
    record('/no-such-page', (await navigation(page, `${url}/no-such-page`, { config, flags })).lhr);

    const dialogs: [string, string, string, string | RegExp][] = [
      ['account settings', '/dashboard', 'button.account-settings-button', /^Alex Margin/],
      ['plan form', '/trade-plans', '.page-heading > button', '+ New Trade Plan'],
      ["a plan's details", '/trade-plans', 'tbody th button', 'AAPL'],
      ['a confirm dialog', '/trade-plans', '.row-actions button', 'Delete'],
      ["a trade's details", '/trades', 'tbody th button', /./],
    ];
    for (const [name, path, selector, text] of dialogs) {
      await page.goto(`${url}${path}`);
      await click(page, selector, text);
      await page.waitForSelector('dialog[open] h2');
      await new Promise((r) => setTimeout(r, 300));
      record(name, (await snapshot(page, { config })).lhr);
    }

    // The signed-out screen: a logout offline stays on it (online, the broker's page follows).
    await page.goto(`${url}/dashboard`);
    await page.waitForSelector('main section:not([data-placeholder]) h1');
    await page.setOfflineMode(true);
    await click(page, 'button.logout', 'Logout');
    await page.waitForSelector('.error-page h1');
    record('signed out (offline)', (await snapshot(page, { config })).lhr);
    await page.setOfflineMode(false);
    record('/error', (await navigation(page, `${url}/?status=error`, { config, flags })).lhr);
  } finally {
    await browser.close();
  }
}
