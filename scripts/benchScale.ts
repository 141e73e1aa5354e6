/**
 * The cost curve: one trader's journal grown to 100, 1,000 and 10,000 plans (with 50, 500 and 5,000
 * fills), seeded straight into the database while the server is stopped, then measured through
 * the API and in Chromium (first sync into Dexie, the first row of Trade Plans from the cache on a
 * full page load and from the Dashboard, one search keystroke, the tab's JS heap). Figures only: nothing here passes or fails.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { tradeKeyOf } from '../src/domain/tradeKeys.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { accountSettings, executions, tradeAnnotations, tradePlans, users } from '../src/server/db/schema.ts';
import { measure, quantile, report, signIn, startServer, wireBytes } from './benchServer.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const SCALES = [100, 1_000, 10_000];

/** The `i`th seeded plan of a trader: one in ten Ready, one in three with a note (also benchLoad.ts). */
export function benchPlan(i: number, o: { userId: string; at: Date }) {
  return {
    id: randomUUID(),
    userId: o.userId,
    stock: `P${i.toString(36).toUpperCase()}`,
    entryPrice: 100 + (i % 50),
    stopLossPrice: 95 + (i % 50),
    status: i % 10 === 0 ? ('Ready' as const) : ('Draft' as const),
    notes: i % 3 === 0 ? 'Breakout above the 20-day high on volume' : '',
    createdAt: new Date(o.at.getTime() + i * 60_000),
    updatedAt: new Date(o.at.getTime() + i * 60_000),
  };
}

/**
 * The `i`th seeded fill of a trader: pairs of a buy, then a sell at 100 ± 3, over `symbols`
 * symbols (also the load test's, benchLoad.ts).
 */
export function benchFill(i: number, o: { userId: string; accountId: string; symbols: number; at: Date }) {
  const pair = Math.floor(i / 2);
  return {
    id: randomUUID(),
    userId: o.userId,
    accountId: o.accountId,
    symbol: `F${(pair % o.symbols).toString(36).toUpperCase()}`,
    side: i % 2 === 0 ? ('Buy' as const) : ('Sell' as const),
    quantity: 10,
    price: i % 2 === 0 ? 100 : 100 + (pair % 7) - 3,
    fees: 1,
    executedAt: new Date(o.at.getTime() + pair * 86_400_000 + (i % 2) * 3_600_000),
    source: 'manual' as const,
    createdAt: o.at,
  };
}

/**
 * Adds plans (one in ten Ready) and pairs of fills (a buy, then a sell an hour later) up to the
 * counts; with `stops`, each trade also gets an initial stop (so it has an R: Review's figures).
 */
export async function seedJournal(
  dataDir: string,
  plans: [number, number],
  fills: [number, number],
  stops = false,
): Promise<void> {
  const handle = await openDatabase({ dataDir });
  const { db } = handle;
  const [user] = await db.select().from(users);
  const [account] = await db
    .select()
    .from(accountSettings)
    .where(eq(accountSettings.userId, user?.id ?? ''));
  if (!user || !account) throw new Error('bench: sign in and list the accounts before seeding');
  const at = new Date('2026-01-02T15:00:00Z');
  const planRows = Array.from({ length: plans[1] - plans[0] }, (_, k) =>
    benchPlan(plans[0] + k, { userId: user.id, at }),
  );
  const fillRows = Array.from({ length: fills[1] - fills[0] }, (_, k) =>
    benchFill(fills[0] + k, { userId: user.id, accountId: account.id, symbols: 400, at }),
  );
  for (let i = 0; i < planRows.length; i += 1000)
    await db.insert(tradePlans).values(planRows.slice(i, i + 1000));
  for (let i = 0; i < fillRows.length; i += 1000)
    await db.insert(executions).values(fillRows.slice(i, i + 1000));
  const annotations = fillRows
    .filter((f) => stops && f.side === 'Buy')
    .map((f, k) => ({
      key: tradeKeyOf(account.id, f.symbol, f.executedAt.toISOString()),
      userId: user.id,
      initialStop: 95,
      tags: k % 5 === 0 ? ['breakout'] : [],
      mistakes: k % 7 === 0 ? ['chased'] : [],
      createdAt: at,
      updatedAt: at,
    }));
  for (let i = 0; i < annotations.length; i += 1000)
    await db.insert(tradeAnnotations).values(annotations.slice(i, i + 1000));
  await handle.close();
}

/**
 * Polls the tab's IndexedDB until the cached plans number `count` and the sync's cursor is kept
 * (the same transaction writes both; without the cursor the next load syncs everything again).
 */
export async function cachedPlans(page: Page, count: number): Promise<void> {
  // Polled from here: Playwright's waitForFunction took the promise this read returns for a
  // truthy answer, so it passed at once, before the first sync had written anything.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const cached = await page.evaluate<boolean>(`new Promise((resolve) => {
      const open = indexedDB.open('trade-tracker');
      // Before the app has made its database this open would make an empty one, and an open
      // connection would block the app's upgrade: neither is left behind.
      open.onupgradeneeded = () => open.transaction.abort();
      open.onsuccess = () => {
        const idb = open.result;
        if (!idb.objectStoreNames.contains('tradePlans')) {
          idb.close();
          return resolve(false);
        }
        const tx = idb.transaction(['tradePlans', 'meta']);
        const plans = tx.objectStore('tradePlans').count();
        const cursor = tx.objectStore('meta').get('syncCursor');
        tx.oncomplete = () => {
          idb.close();
          resolve(plans.result >= ${count} && cursor.result !== undefined);
        };
        tx.onerror = () => {
          idb.close();
          resolve(false);
        };
      };
      open.onerror = () => resolve(false);
    })`);
    if (cached) return;
    if (Date.now() > deadline) throw new Error(`bench: ${count} plans not cached within 300 s`);
    await page.waitForTimeout(100);
  }
}

/**
 * In-app navigation: from a click on the nav link "Trade Plans" (the Dashboard shown) to the
 * first row, in the tab. The app is booted and signed in: this is the page's own cost.
 */
// A string, not a function: tsx would wrap the inner arrow in a `__name` the tab does not have.
const inAppMs = (page: Page) =>
  page.evaluate<number>(`new Promise((resolve) => {
    const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Trade Plans');
    const start = performance.now();
    const row = () =>
      document.querySelector('table.plans-table tbody tr')
        ? resolve(performance.now() - start)
        : requestAnimationFrame(row);
    link.click();
    row();
  })`);

/**
 * Time from a change of the search box until the list shows its result (the footer names the
 * search): the list renders at a lower priority than the box (useDeferredValue), so this is the
 * whole cost of a keystroke, the box's own update being `keystrokeMs`.
 */
const searchShownMs = (page: Page, text: string) =>
  page.evaluate<number>(
    `new Promise((resolve) => {
      const value = ${JSON.stringify(text)};
      const input = document.querySelector('input[type="search"]');
      const footer = () => document.querySelector('.table-footer')?.textContent ?? '';
      const shown = () => (value ? footer().includes('search: "' + value + '"') : !footer().includes('search:'));
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (shown()) { observer.disconnect(); resolve(performance.now() - start); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    })`,
  );

/** Time from a change of the search box to React's urgent render (the box) and the layout after it. */
const keystrokeMs = (page: Page, text: string) =>
  page.evaluate(async (value) => {
    const input = document.querySelector('input[type="search"]') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve(); // React flushes a discrete event's update in a microtask
    document.body.getBoundingClientRect();
    return performance.now() - start;
  }, text);

async function inChromium(browser: Browser, url: string, cookie: string, plans: number) {
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name, value, url }]);
  // The first row's time is taken in the tab as it appears: waiting for it from here adds
  // Playwright's polling and a round trip (200-300 ms on the loaded bench machine).
  await context.addInitScript(`new MutationObserver((_, observer) => {
    if (!document.querySelector('table.plans-table tbody tr')) return;
    window.__firstRow = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true })`);
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(`${url}/?status=success`);
  await cachedPlans(page, plans);
  const firstSync = performance.now() - start;
  // The landing's import and the syncs after it settle first: the page's own sign-in check waits
  // for the server, and what is measured next is the render from the cache.
  await page.waitForLoadState('networkidle');
  // The import's sync writes after its last request: a read of the plans in the tab waits for
  // that write to end, so the reload below starts on a quiet cache, not one still being written.
  await cachedPlans(page, plans);
  await page.waitForLoadState('networkidle');
  await page.goto(`${url}/trade-plans`);
  await page.waitForSelector('table.plans-table tbody tr');
  const firstRender = await page.evaluate<number>('window.__firstRow');
  const inApp: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForSelector('h1:text("Dashboard")');
    await page.waitForLoadState('networkidle');
    inApp.push(await inAppMs(page));
  }
  await page.waitForSelector('.table-footer'); // the whole list is read
  const keys: number[] = [];
  for (const text of ['P', 'P1', 'P1A', 'P1', '']) keys.push(await keystrokeMs(page, text));
  const shown: number[] = [];
  for (const text of ['P', 'P1', 'P1A', 'P1', '']) shown.push(await searchShownMs(page, text));
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
  await context.close();
  return {
    firstSync,
    firstRender,
    inApp: quantile(
      inApp.sort((a, b) => a - b),
      0.5,
    ),
    keystroke: quantile(
      keys.sort((a, b) => a - b),
      0.5,
    ),
    searchShown: quantile(
      shown.sort((a, b) => a - b),
      0.5,
    ),
    heap,
  };
}

export async function benchScale(dataDir: string): Promise<void> {
  console.log('\nScale (one trader; plans and fills seeded in the database; no throttling)');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  let server = await startServer(dataDir);
  const cookie = await signIn(server.url);
  await fetch(`${server.url}/api/v1/accounts`, { headers: { Cookie: cookie } });
  let seeded = [0, 0] as [number, number];
  try {
    for (const plans of SCALES) {
      await server.stop();
      const fills = plans / 2;
      await seedJournal(dataDir, [seeded[0], plans], [seeded[1], fills]);
      seeded = [plans, fills];
      server = await startServer(dataDir);
      const { url } = server;
      const headers = { Cookie: cookie };
      const at10k = plans === 10_000;
      console.log(`\n  ${plans.toLocaleString('en-US')} plans, ${fills.toLocaleString('en-US')} fills`);
      const list = await measure('list', at10k ? 5 : 10, 1, () =>
        fetch(`${url}/api/v1/tradeplans`, { headers }),
      );
      report('  API GET /tradeplans p50', `${quantile(list, 0.5).toFixed(1)} ms`);
      const full = await measure('sync', at10k ? 3 : 5, 1, () => fetch(`${url}/api/v1/sync`, { headers }));
      report('  API first sync (everything) p50', `${quantile(full, 0.5).toFixed(1)} ms`);
      report(
        '  first sync on the wire',
        `${((await wireBytes(`${url}/api/v1/sync`, cookie)) / 1024).toFixed(0)} KB`,
      );
      const { cursor, marketCycle } = await (await fetch(`${url}/api/v1/sync`, { headers })).json();
      const since = `${url}/api/v1/sync?since=${cursor}&cycle=${encodeURIComponent(marketCycle?.timestamp ?? '')}`;
      const none = await measure('no-change sync', 20, 1, () => fetch(since, { headers }));
      report(
        '  API no-change sync p50',
        `${quantile(none, 0.5).toFixed(1)} ms`,
        at10k ? '≤ 50 ms' : undefined,
      );
      report('  no-change sync on the wire', `${await wireBytes(since, cookie)} B`, '< 2 KB');
      const tab = await inChromium(browser, url, cookie, plans);
      report('  first sync into Dexie (from landing)', `${tab.firstSync.toFixed(0)} ms`);
      report(
        '  Trade Plans first row, full page load',
        `${tab.firstRender.toFixed(0)} ms`,
        at10k ? '≤ 300 ms (boot and sign-in check included)' : undefined,
      );
      report(
        '  Trade Plans first row, from the Dashboard (p50 of 3)',
        `${tab.inApp.toFixed(0)} ms`,
        at10k ? '≤ 300 ms' : undefined,
      );
      report(
        '  one search keystroke, the box (p50 of 5)',
        `${tab.keystroke.toFixed(1)} ms`,
        at10k ? '≤ 16 ms' : undefined,
      );
      report(
        '  one search keystroke, until the list shows it (p50 of 5)',
        `${tab.searchShown.toFixed(1)} ms`,
      );
      report('  tab JS heap after GC', `${tab.heap.toFixed(1)} MB`, at10k ? '< 100 MB' : undefined);
    }
  } finally {
    await server.stop();
    await browser.close();
  }
}
