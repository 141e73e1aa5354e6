/**
 * The journal on the phone (issue 31): Trade Plans, Trades and Review over a journal of 10,000
 * plans and 5,000 fills (each trade with an initial stop, so Review has figures), seeded straight
 * into the database. In Chromium through playwright-core, not throttled: the first row (Review: its
 * first figure) after a full page load, p50 and max of several loads, and, on the pages with a
 * search box, each keystroke. With `lighthouse`, Lighthouse's mobile performance, accessibility
 * and best practices on each page, in a signed-in tab whose cache holds the journal.
 * Figures only: nothing here passes or fails.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { click, lighthouseDir } from './benchA11y.ts';
import { cachedPlans, seedJournal } from './benchScale.ts';
import { quantile, report, signIn, startServer } from './benchServer.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const PLANS = 10_000;
const FILLS = 5_000;
const LOADS = 7;

/** Each page, what counts as its first content, and what its search box is typed (none on Review). */
const PAGES = [
  { path: '/trade-plans', first: 'table.plans-table tbody tr', typed: ['P', 'P1', 'P1A', 'P1', 'P', ''] },
  { path: '/trades', first: 'table.trades-table tbody tr', typed: ['F', 'F1', 'F1A', 'F1', 'F', ''] },
  { path: '/review', first: '.review-figures dd', typed: [] },
] as const;

// Strings, not functions: tsx would wrap inner arrows in a `__name` the tab does not have.
/** Notes in the tab when the page's first content appears (ms since the navigation began). */
const FIRST_SEEN = `(() => {
  const selectors = ${JSON.stringify(Object.fromEntries(PAGES.map((p) => [p.path, p.first])))};
  const selector = selectors[location.pathname];
  if (!selector) return;
  new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return;
    window.__first = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * One keystroke in the search box: `box`, until React's urgent render (the box) and the layout
 * after it; `shown`, until the page's last change to the DOM it causes (none for 300 ms after it,
 * or 3 s at most).
 */
const keystroke = (page: Page, text: string) =>
  page.evaluate<{ box: number; shown: number }>(`new Promise((resolve) => {
    const input = document.querySelector('main input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    let last = 0;
    const observer = new MutationObserver((records) => {
      if (records.some((r) => !input.contains(r.target))) last = performance.now();
    });
    observer.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true, attributes: true });
    const start = performance.now();
    setValue.call(input, ${JSON.stringify(text)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    Promise.resolve().then(() => {
      document.body.getBoundingClientRect();
      const box = performance.now() - start;
      const settle = () => {
        const now = performance.now();
        if (now - Math.max(last, start) < 300 && now - start < 3000) return setTimeout(settle, 20);
        observer.disconnect();
        resolve({ box, shown: Math.max(last, start) - start });
      };
      settle();
    });
  })`);

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), max: quantile(sorted, 1) };
};

async function inChromium(url: string, cookie: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name, value, url }]);
    await context.addInitScript(FIRST_SEEN);
    const page = await context.newPage();
    await page.goto(`${url}/?status=success`);
    await cachedPlans(page, PLANS);
    await page.waitForLoadState('networkidle');
    await cachedPlans(page, PLANS);
    for (const { path, first, typed } of PAGES) {
      const loads: number[] = [];
      for (let run = 0; run < LOADS; run++) {
        await page.goto(`${url}${path}`);
        await page.waitForSelector(first, { timeout: 30_000 });
        loads.push(await page.evaluate<number>('window.__first'));
        await page.waitForLoadState('networkidle');
      }
      const load = stats(loads);
      report(
        `  ${path} first ${path === '/review' ? 'figure' : 'row'}, p50 / max of ${LOADS}`,
        `${load.p50.toFixed(0)} / ${load.max.toFixed(0)} ms`,
        '≤ 300 ms',
      );
      if (typed.length === 0) continue;
      await page.waitForTimeout(1000); // the whole collection read after the first rows
      const keys: { box: number; shown: number }[] = [];
      for (let round = 0; round < 2; round++)
        for (const text of typed) keys.push(await keystroke(page, text));
      const box = stats(keys.map((k) => k.box));
      const shown = stats(keys.map((k) => k.shown));
      report(
        `  ${path} keystroke, the box, p50 / worst`,
        `${box.p50.toFixed(1)} / ${box.max.toFixed(1)} ms`,
        '≤ 16 ms',
      );
      report(
        `  ${path} keystroke, list shown, p50 / worst`,
        `${shown.p50.toFixed(1)} / ${shown.max.toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};
type PuppeteerPage = Parameters<typeof click>[0] & {
  waitForFunction(fn: string, options: { polling: number; timeout: number }): Promise<unknown>;
};

/**
 * Lighthouse's CLI opens a tab without the app's sign-in (benchA11y.ts says why): its Node API
 * drives one tab, signed in and synced, storage kept between runs. Median of three per page.
 */
async function lighthousePages(url: string): Promise<void> {
  const dir = lighthouseDir();
  const load = (specifier: string) =>
    import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve(specifier)).href);
  const { navigation } = await load('lighthouse');
  const puppeteer = (await load('puppeteer-core')).default;
  const config = {
    extends: 'lighthouse:default',
    settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'] },
  };
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    // A tab busy writing its first sync of 10,000 plans answered a poll after puppeteer's 180 s on
    // the loaded machine, which ended the run; the wait itself is bounded (300 s).
    protocolTimeout: 600_000,
  });
  try {
    const page: PuppeteerPage = await browser.newPage();
    await page.goto(url);
    await click(page, 'button', 'Sign in as Alex (demo)');
    await page.waitForFunction(
      `new Promise((resolve) => {
        const open = indexedDB.open('trade-tracker');
        // Before the app has made its database this open would make an empty one, and an open
        // connection would block the app's upgrade: neither is left behind.
        open.onupgradeneeded = () => open.transaction.abort();
        open.onsuccess = () => {
          const idb = open.result;
          const answer = (value) => { idb.close(); resolve(value); };
          if (!idb.objectStoreNames.contains('tradePlans')) return answer(false);
          const tx = idb.transaction(['tradePlans', 'meta']);
          const plans = tx.objectStore('tradePlans').count();
          const cursor = tx.objectStore('meta').get('syncCursor');
          tx.oncomplete = () => answer(plans.result >= ${PLANS} && cursor.result !== undefined);
          tx.onerror = () => answer(false);
        };
        open.onerror = () => resolve(false);
      })`,
      { polling: 1000, timeout: 300_000 },
    );
    console.log('\n  Lighthouse 12.8.2 mobile, signed in, the journal cached (median of 3)');
    for (const { path } of PAGES) {
      const runs: Lhr[] = [];
      for (let run = 0; run < 3; run++) {
        runs.push(
          (await navigation(page, `${url}${path}`, { config, flags: { disableStorageReset: true } })).lhr,
        );
      }
      const median = (values: number[]) =>
        quantile(
          [...values].sort((a, b) => a - b),
          0.5,
        );
      const score = (k: string) => median(runs.map((r) => Math.round((r.categories[k]?.score ?? 0) * 100)));
      const audit = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      report(
        `  ${path} Lighthouse perf / a11y / best pr.`,
        `${score('performance')} / ${score('accessibility')} / ${score('best-practices')}`,
        '≥ 95 / 100 / 100',
      );
      report(
        `  ${path} LCP, TBT`,
        `${(audit('largest-contentful-paint') / 1000).toFixed(2)} s, ${audit('total-blocking-time').toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}

export async function benchPages(dataDir: string, lighthouse: boolean): Promise<void> {
  console.log(
    `\nThe journal on the phone (${PLANS.toLocaleString('en-US')} plans, ${FILLS.toLocaleString('en-US')} fills; Chromium not throttled)`,
  );
  let server = await startServer(dataDir);
  const cookie = await signIn(server.url);
  await fetch(`${server.url}/api/v1/accounts`, { headers: { Cookie: cookie } });
  await server.stop();
  await seedJournal(dataDir, [0, PLANS], [0, FILLS], true);
  server = await startServer(dataDir);
  try {
    await inChromium(server.url, cookie);
    if (lighthouse) await lighthousePages(server.url);
  } finally {
    await server.stop();
  }
}
