import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../src/domain/types.ts';
import {
  type AppServer,
  callApi,
  launchChromium,
  PHONE,
  pageHeading,
  signInAs,
  startAppServer,
} from './harness.ts';

// Issue 26: a new tab or a cold launch of the installed app landed on the broker's sign-in
// although the server's session was valid. The per-tab flag's rule stands, and the
// authorization flow answers straight back while the session and the broker's grant are valid
// (docs/product.md, "Sign-in and sessions").
const RELAUNCHES = 5;
const BROKER_PAGE = '/api/v1/demo-broker/';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every answer to an import any tab asked for. */
const imports: ImportResult[] = [];
let importsAsked = 0;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: PHONE });
  context.on('request', (req) => {
    if (req.url().endsWith('/api/v1/trades/import')) importsAsked++;
  });
  context.on('response', (res) => {
    if (res.url().endsWith('/api/v1/trades/import')) void res.json().then((body) => imports.push(body));
  });
  page = await context.newPage();
  await signInAs(page, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new tab, with every address its main frame navigates to. */
async function newTab(): Promise<{ tab: Page; visited: string[] }> {
  const tab = await context.newPage();
  const visited: string[] = [];
  tab.on('framenavigated', (frame) => {
    if (frame === tab.mainFrame()) visited.push(frame.url());
  });
  return { tab, visited };
}

describe('relaunch', () => {
  it(`opens a new tab signed in, never on the broker's page (${RELAUNCHES} times)`, {
    timeout: 90_000,
  }, async () => {
    for (let i = 0; i < RELAUNCHES; i++) {
      const { tab, visited } = await newTab();
      await tab.goto(`${server.url}/`);
      // The callback's rule: a sign-in that started at / lands on the Dashboard.
      await tab.waitForURL(`${server.url}/dashboard`, { timeout: 10_000 });
      await pageHeading(tab, 'Dashboard').waitFor({ timeout: 10_000 });
      expect(visited.filter((url) => url.includes(BROKER_PAGE))).toEqual([]);
      expect(await tab.evaluate(() => sessionStorage.getItem('tradeTracker.sessionActive'))).toBe('true');
      await tab.close();
    }
  });

  it('a link opened in a new tab lands where it points, through the silent sign-in (issue 40)', {
    timeout: 90_000,
  }, async () => {
    const plan = await callApi<{ id: string }>(page, 'POST', '/tradeplans', {
      stock: 'LINKD',
      entryPrice: 50,
      stopLossPrice: 48,
    });
    expect(plan.status).toBe(201);
    const trades = await callApi<{ id: string; symbol: string }[]>(page, 'GET', '/trades');
    const trade = trades.body[0] as { id: string; symbol: string };
    // A plan's and a trade's link open its details (and leave the address); Review keeps its range.
    const details = (tab: Page, name: RegExp) =>
      tab.getByRole('dialog').getByRole('heading', { name }).first().waitFor({ timeout: 10_000 });
    const links: [string, string, (tab: Page) => Promise<unknown>][] = [
      [`/trade-plans?plan=${plan.body.id}`, '/trade-plans', (tab) => details(tab, /LINKD/)],
      [`/trades?trade=${trade.id}`, '/trades', (tab) => details(tab, new RegExp(trade.symbol))],
      [
        '/review?range=month',
        '/review?range=month',
        (tab) => pageHeading(tab, 'Review').waitFor({ timeout: 10_000 }),
      ],
    ];
    for (let i = 0; i < RELAUNCHES; i++) {
      const [link, landed, shown] = links[i % links.length] as (typeof links)[number];
      const { tab, visited } = await newTab();
      await tab.goto(`${server.url}${link}`);
      await shown(tab);
      // Signed in (the callback set the tab's flag): the address is the link's, not the Dashboard.
      await tab.waitForFunction(() => sessionStorage.getItem('tradeTracker.sessionActive') === 'true');
      expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(landed);
      expect(visited.some((url) => url.includes('status=success'))).toBe(true);
      expect(visited.filter((url) => url.includes(BROKER_PAGE))).toEqual([]);
      await tab.close();
    }
  });

  it('shows when fills were imported after a relaunch, and imports once for every tab in 2 minutes', {
    timeout: 60_000,
  }, async () => {
    const { tab } = await newTab();
    await tab.goto(`${server.url}/trades`);
    await pageHeading(tab, 'Trades').waitFor({ timeout: 10_000 });
    await tab.getByText(/^Fills imported (just now|\d min ago)$/).waitFor();
    // Both tabs come back to the foreground; a tab asking anyway is answered by the throttle.
    await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const asked = await callApi<ImportResult>(tab, 'POST', '/trades/import');
    expect(asked.body.throttled).toBe(true);
    // Every import asked for so far (the focus's own, this one) answered and heard before counting.
    await expect.poll(() => imports.length).toBe(importsAsked);
    // The sign-in's import ran; every other ask within the 2 minutes was answered without the broker.
    expect(imports.filter((i) => !i.throttled)).toHaveLength(1);
    expect(new Set(imports.map((i) => i.importedAt)).size).toBe(1);
    await tab.close();
  });

  it("goes to the broker's page after a logout, in that tab and in a new one", {
    timeout: 60_000,
  }, async () => {
    await page.bringToFront();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(BROKER_PAGE), { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign in as Alex (demo)' }).waitFor();

    const { tab } = await newTab();
    await tab.goto(`${server.url}/trade-plans`);
    await tab.waitForURL((url) => url.pathname.startsWith(BROKER_PAGE), { timeout: 10_000 });
    // Signed in again there, the tab goes where it was going.
    await tab.getByRole('button', { name: 'Sign in as Alex (demo)' }).click();
    await tab.waitForURL(`${server.url}/trade-plans`, { timeout: 10_000 });
    await pageHeading(tab, 'Trade Plans').waitFor({ timeout: 10_000 });
    await tab.close();
  });
});
