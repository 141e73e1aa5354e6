import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInOverHttp } from '../server/harness.ts';
import {
  type AppServer,
  callApi as api,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  controlledBy,
  indexedDbCounts,
  launchChromium,
  PHONE,
  screenshot,
  seedJournal,
  signInAs,
  startAppServer,
} from './harness.ts';

const root = join(import.meta.dirname, '../..');
let staticDir: string;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // A deployment of our own, so a second build can be deployed over it.
  staticDir = mkdtempSync(join(tmpdir(), 'tt-static-'));
  cpSync(join(root, 'dist'), staticDir, { recursive: true });
  server = await startAppServer({ STATIC_DIR: staticDir });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
  await signInAs(page, server.url);
  await controlledBy(page);
  await page.getByText('Current Market Cycle:').waitFor();
  await seedJournal(page);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('link', { name: 'Trade Plans' }).click();
  await page.getByRole('rowheader', { name: 'AAPL' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('offline', () => {
  it.each([
    ['/dashboard', 'Account Summary'],
    ['/trade-plans', 'AAPL'],
    ['/trade-setups', 'Bull flag'],
    ['/edge-definition', 'Trend'],
  ])('reloads %s without a network and shows the cached data', async (route, text) => {
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}${route}`);
      await page.getByText(text, { exact: true }).first().waitFor();
      if (route === '/dashboard') await page.getByRole('button', { name: /Alex Margin/ }).waitFor();
      await page.getByText(/Offline · last synced \d/).waitFor();
      if (route === '/dashboard') await page.getByText('Current Market Cycle:').waitFor();
      await screenshot(context, page, `offline${route.replace('/', '-')}`);
    } finally {
      await context.setOffline(false);
    }
  });

  it('opens a new tab offline on the cached app, not the broker', async () => {
    await context.setOffline(true);
    const tab = await context.newPage();
    try {
      await tab.goto(`${server.url}/trade-plans`);
      await tab.getByRole('rowheader', { name: 'AAPL' }).waitFor();
      expect(await tab.getByText(/^Offline ·/).isVisible()).toBe(true);
    } finally {
      await tab.close();
      await context.setOffline(false);
    }
  });

  it('keeps an edit made offline and saves it when the network returns', async () => {
    await page.goto(`${server.url}/edge-definition`);
    await page.getByRole('cell', { name: 'Trend' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: '+ New Edge' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Offline edge');
    await dialog.getByLabel('Description').fill('Made on the train');
    await dialog.getByLabel('Identification Notes').fill('No signal');
    await dialog.getByRole('button', { name: 'Save Edge' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('(not yet saved)').waitFor();
    await page.getByText('1 change not yet saved').waitFor();

    await context.setOffline(false);
    await page.getByText('(not yet saved)').waitFor({ state: 'detached', timeout: 15_000 });
    const edges = await api(page, 'GET', '/edges');
    expect((edges.body as { name: string }[]).map((e) => e.name)).toContain('Offline edge');
    expect(await page.getByText(/^Offline ·/).count()).toBe(0);
  });

  it('shows an offline change the server refuses, with its message, and rolls it back', async () => {
    await page.goto(`${server.url}/trade-plans`);
    await page.getByRole('rowheader', { name: 'AAPL' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Change status of AAPL' }).selectOption('Ready');
    await page.getByText('(not yet saved)').waitFor();

    // Meanwhile, on another device, the trader made another AAPL plan active.
    const other = await signInOverHttp(server.url, 'alex');
    const made = await other.json<{ id: string }>('POST', '/api/v1/tradeplans', {
      stock: 'AAPL',
      entryPrice: 0,
      stopLossPrice: 0,
    });
    expect(made.status).toBe(400); // AAPL is still only a Draft here: the create rules apply
    const draft = await other.json<{ id: string }[]>('GET', '/api/v1/tradeplans');
    const aapl = (draft.body as { id: string }[])[0] as { id: string };
    const second = await other.json<{ id: string }>('POST', '/api/v1/tradeplans', {
      stock: 'AAPL',
      entryPrice: 50,
      stopLossPrice: 45,
    });
    expect(second.status).toBe(201);
    expect(
      (await other.json('PUT', `/api/v1/tradeplans/${second.body.id}/status`, { status: 'Ready' })).status,
    ).toBe(200);

    await context.setOffline(false);
    await page
      .getByText('Change AAPL to Ready: An active trade plan for this stock already exists')
      .waitFor({ timeout: 15_000 });
    // The refused change is undone: the original plan is a Draft again, as the server has it.
    await expect
      .poll(() => page.getByRole('rowheader', { name: 'AAPL' }).count(), { timeout: 10_000 })
      .toBe(2);
    expect(await page.getByText('(not yet saved)').count()).toBe(0);
    const server1 = await other.json<{ status: string }>('GET', `/api/v1/tradeplans/${aapl.id}`);
    expect(server1.body.status).toBe('Draft');
    await screenshot(context, page, 'offline-refused');
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });
});

describe('installable PWA', () => {
  it('passes Chromium installability checks', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'tt-profile-'));
    // Incognito contexts are never installable; a persistent profile is what a phone has.
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage());
      await p.goto(`${server.url}/error`);
      await p.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await persistent.newCDPSession(p);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
      expect(manifest).toMatchObject({
        name: 'Trade Tracker',
        start_url: '/',
        scope: '/',
        display: 'standalone',
      });
    } finally {
      await persistent.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('announces a new deployment and reloads only when asked', async () => {
    await page.goto(`${server.url}/dashboard`);
    await controlledBy(page);
    const outDir = mkdtempSync(join(tmpdir(), 'tt-build2-'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      env: { ...process.env, VITE_APP_VERSION: `second-${Date.now()}` },
    });
    cpSync(outDir, staticDir, { recursive: true });
    rmSync(outDir, { recursive: true, force: true });

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByText('A new version of Trade Tracker is available').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(
      () => document.querySelector('footer small')?.getAttribute('data-version')?.startsWith('second-'),
      null,
      {
        timeout: 20_000,
      },
    );
  });

  it('logs out leaving no trading data in IndexedDB nor the service worker cache', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in as Alex (demo)' }).waitFor();
    const counts = await indexedDbCounts(page);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([]);
    expect(await page.evaluate(() => caches.has('market-cycle'))).toBe(false);
  });
});
