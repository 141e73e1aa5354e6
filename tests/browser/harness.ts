import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { spawnServer } from '../server/serverProcess.ts';

const repoRoot = join(import.meta.dirname, '../..');

export { CHROMIUM_ARGS, CHROMIUM_PATH };
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** The two layouts every screen is tested at (docs/product.md's sizes): a phone and a desktop. */
export const LAYOUTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
export const screenshotDir = join(import.meta.dirname, '../../test-artifacts/screenshots');

export interface AppServer {
  url: string;
  dataDir: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The product as `npm start` runs it: one process serving the built app and the API. */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-browser-'));
  const server = await spawnServer({ DATA_DIR: dataDir, STATIC_DIR: join(repoRoot, 'dist'), ...env });
  return {
    url: server.url,
    dataDir,
    async stop(signal = 'SIGTERM') {
      await server.stop(signal);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The product on a clock the test sets (clockedServer.ts), started at `start`. */
export async function startClockedAppServer(
  start: Date,
): Promise<AppServer & { setClock(at: Date): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-browser-'));
  const server = await spawnServer(
    { DATA_DIR: dataDir, STATIC_DIR: join(repoRoot, 'dist'), CLOCK_START: start.toISOString() },
    { entry: 'tests/browser/clockedServer.ts', ipc: true },
  );
  return {
    url: server.url,
    dataDir,
    async setClock(at) {
      const moved = new Promise<void>((resolve) => server.child.once('message', () => resolve()));
      server.child.send({ clock: at.toISOString() });
      await moved;
    },
    async stop(signal = 'SIGTERM') {
      await server.stop(signal);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** The product running, Chromium open at a viewport, and a trader signed in on the Dashboard. */
export interface SignedInApp {
  server: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Chromium at `viewport` with a trader signed in to `server`; `prepare` sets the context up first. */
async function signedInBrowser(
  server: AppServer,
  viewport: { width: number; height: number },
  prepare: (context: BrowserContext) => Promise<void> = async () => {},
) {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport });
  await prepare(context);
  const page = await context.newPage();
  await signInAs(page, server.url);
  return { browser, context, page };
}

export async function openSignedInApp(
  viewport: { width: number; height: number },
  env: Record<string, string> = {},
): Promise<SignedInApp> {
  const server = await startAppServer(env);
  const { browser, context, page } = await signedInBrowser(server, viewport);
  return {
    server,
    browser,
    context,
    page,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * openSignedInApp for the tests of the describe block (or file) that calls it: opened in a
 * beforeAll ahead of the block's own (then controlled by the service worker if `controlled`) and
 * closed after them. Its `page` and `context` may be named at once: they stand in for the app's.
 */
export function signedInApp(
  viewport: { width: number; height: number },
  { controlled = false, env = {} }: { controlled?: boolean; env?: Record<string, string> } = {},
): SignedInApp {
  let app: SignedInApp | undefined;
  beforeAll(async () => {
    app = await openSignedInApp(viewport, env);
    if (controlled) await controlledBy(app.page);
  });
  afterAll(() => app?.close());
  const opened = () => {
    if (!app) throw new Error('the app opens in the beforeAll of signedInApp');
    return app;
  };
  return {
    server: standIn(() => opened().server),
    browser: standIn(() => opened().browser),
    context: standIn(() => opened().context),
    page: standIn(() => opened().page),
    close: () => opened().close(),
  };
}

/**
 * The product and Chromium for the tests of the block (or file) that calls it, each test opening
 * its own contexts: started in a beforeAll ahead of the block's own, stopped after them.
 */
export function runningApp(env: Record<string, string> = {}): { server: AppServer; browser: Browser } {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startAppServer(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(it: T | undefined): T => {
    if (it === undefined) throw new Error('the app starts in the beforeAll of runningApp');
    return it;
  };
  return { server: standIn(() => started(server)), browser: standIn(() => started(browser)) };
}

const STOOD_FOR = Symbol('the object a stand-in stands for');

/**
 * An object made later (in a beforeAll) to name now: each property read goes to it. Playwright
 * takes no stand-in as an argument (newCDPSession(page)): pass `real(page)` there.
 */
function standIn<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = get();
      if (property === STOOD_FOR) return target;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The object itself behind a stand-in of signedInApp or runningApp (or the object, if none). */
export const real = <T extends object>(it: T): T => (it as { [STOOD_FOR]?: T })[STOOD_FOR] ?? it;

/** Where `locator` is drawn; it must be. */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** What a trader does on any page, as the browser tests say it. */
export const on = (page: Page) => ({
  dialog: () => page.getByRole('dialog'),
  /** Follows a link of the main navigation (the sidebar, or the phone's bottom bar). */
  nav: (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click(),
  /** Follows a link of the main navigation and waits for its page's heading. */
  async go(name: string) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await pageHeading(page, name).waitFor();
  },
  /** A table row on a desktop, a card (also a row to assistive technology) on a phone. */
  rowOf: (name: string, exact = false) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact }) }),
  /** "+ Record Fill" filled in and saved, on the Trades page. */
  async recordFill(symbol: string, side: 'Buy' | 'Sell', quantity: string, price: string) {
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: '+ Record Fill' }).click();
    await dialog.getByLabel('Symbol').fill(symbol);
    await dialog.getByLabel('Side').selectOption(side);
    await dialog.getByLabel('Quantity').fill(quantity);
    await dialog.getByLabel('Price').fill(price);
    await dialog.getByRole('button', { name: 'Record Fill' }).click();
    await dialog.waitFor({ state: 'detached' });
  },
  /** A plan made through the API and set Ready. */
  async readyPlan(stock: string, entryPrice: number, stopLossPrice: number): Promise<TradePlanDto> {
    const plan = await apiBody<TradePlanDto>(page, 'POST', '/tradeplans', {
      stock,
      entryPrice,
      stopLossPrice,
    });
    await apiBody(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
    return plan;
  },
});

/**
 * The product on a clock the test sets (startClockedAppServer), Chromium at a viewport whose
 * clock shows the same time, and a trader signed in. `setClock` moves both.
 */
export interface ClockedApp {
  server: AppServer;
  context: BrowserContext;
  page: Page;
  setClock(at: number): Promise<void>;
  close(): Promise<void>;
}

export async function openClockedApp(
  start: number,
  viewport: { width: number; height: number },
): Promise<ClockedApp> {
  const server = await startClockedAppServer(new Date(start));
  const { browser, context, page } = await signedInBrowser(server, viewport, (c) =>
    c.clock.setFixedTime(start),
  );
  return {
    server,
    context,
    page,
    async setClock(at) {
      await server.setClock(new Date(at));
      await context.clock.setFixedTime(at);
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** Signs in through the demo broker's page, as a trader would, and lands on the Dashboard. */
export async function signInAs(page: Page, baseUrl: string, trader = 'Alex'): Promise<void> {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: `Sign in as ${trader} (demo)` }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await pageHeading(page, 'Dashboard').waitFor();
}

/**
 * A page's own heading, once the page is there: its placeholder (index.html's frame, then
 * PageSkeleton while the sign-in is checked or the page's code loads) shows the same heading.
 */
export const pageHeading = (page: Page, name: string) =>
  page.locator('main section:not([data-placeholder])').getByRole('heading', { name, level: 1, exact: true });

/** A screenshot of the whole page, or with `viewportOnly` of what the trader sees right now. */
export async function screenshot(
  context: BrowserContext,
  page: Page,
  name: string,
  { viewportOnly = false } = {},
): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: !viewportOnly });
  void context;
}

/** One of each list's records through the API: the edge Trend, the setup Bull flag, a plan for AAPL. */
export async function seedJournal(page: Page): Promise<void> {
  await callApi(page, 'POST', '/edges', {
    name: 'Trend',
    description: 'EMA21 rising',
    identificationNotes: 'Daily',
    weightFactor: 0.7,
  });
  await callApi(page, 'POST', '/tradesetups', { name: 'Bull flag', rules: [] });
  await callApi(page, 'POST', '/tradeplans', { stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 });
}

/** Two animation frames: what a change of size or data laid out has been painted (for a screenshot). */
export const nextFrames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** What the app keeps in IndexedDB, table by table (row counts). */
export function indexedDbCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'trade-tracker')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('trade-tracker');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const counts: Record<string, number> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      counts[name] = await new Promise<number>((resolve) => {
        const req = db.transaction(name).objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
      });
    }
    db.close();
    return counts;
  });
}

/** The rows the app keeps in one IndexedDB table (what a reload offline will draw from). */
export function cachedRows<T = Record<string, unknown>>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('trade-tracker');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      return await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, table) as Promise<T[]>;
}

/** Calls the API from the page, with the page's own cookie and origin: the status and the body. */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return (await page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(`/api/v1${u}`, {
        method: m as string,
        headers: { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    [method, path, body] as const,
  )) as { status: number; body: T };
}

/** The body of an API call made from the page (see callApi). */
export const apiBody = async <T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> => (await callApi<T>(page, method, path, body)).body;

/** Waits until the service worker controls the page (with 'prompt', only after a reload). */
export async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
}

/** One failure of axe-core's rules (WCAG 2.0/2.1 A and AA, BEST_PRACTICE_RULES): the rule, and each element with what is wrong. */
export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

const axeSource: string = createRequire(import.meta.url)('axe-core').source;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Rules axe tags best-practice only, held too: a table header with no text a screen reader reads
 * (issue 40: the sort headers of the lists on a phone, their buttons hidden there, named nothing;
 * under the WCAG tags alone axe never ran the rule).
 */
const BEST_PRACTICE_RULES = ['empty-table-header'];

/**
 * axe-core's WCAG 2.1 A/AA violations and BEST_PRACTICE_RULES' on the page as it is now (an open
 * dialog included). The script goes in through the DevTools protocol (page.evaluate), which the
 * app's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ([tags, rules]) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
      const axe = (window as any).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(rules.map((r) => [r, { enabled: true }])),
      });
      return result.violations.map(
        (v: { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }) => ({
          id: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
        }),
      );
    },
    [WCAG_TAGS, BEST_PRACTICE_RULES] as const,
  );
}

/** Violations as lines to read in a failed test: the rule, then each element and what is wrong. */
export const describeViolations = (where: string, violations: AxeViolation[]): string[] =>
  violations.flatMap((v) => [
    `${where}: ${v.id} (${v.help})`,
    ...v.nodes.map((n) => `    ${n.target}: ${n.summary.replaceAll('\n', ' ')}`),
  ]);
