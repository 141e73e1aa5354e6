import { beforeAll, describe, expect, it } from 'vitest';
import { apiBody, boxOf, on, PHONE, pageHeading, screenshot, signedInApp } from './harness.ts';

// The phone's frame around the lists (issue 27): one notice at a time, clear of the tab bar and
// the floating "+"; the "+" clear of the last card; a tab opens its page at the top, and Back
// returns to where the trader was.

const { context, page } = signedInApp(PHONE);
const api = (method: string, path: string, body?: unknown) =>
  apiBody<{ id: string }>(page, method, path, body);

// Enough plans for Trade Plans to scroll well past a screen (each card is some 200 px tall).
const STOCKS = Array.from({ length: 20 }, (_, i) => `T${String.fromCharCode(65 + i)}`);

beforeAll(async () => {
  for (let i = 0; i < 6; i++) {
    await api('POST', '/edges', {
      name: `Edge ${i}`,
      description: 'Price above a rising EMA21 on the daily chart',
      identificationNotes: 'Daily chart',
      weightFactor: 0.5,
    });
    await api('POST', '/tradesetups', { name: `Setup ${i}`, description: 'A tight flag', rules: [] });
  }
  for (const stock of STOCKS) await api('POST', '/tradeplans', { stock, entryPrice: 50, stopLossPrice: 48 });
  await page.evaluate(() => window.dispatchEvent(new Event('focus'))); // resync
});

const nav = () => page.getByRole('navigation', { name: 'Main' });
const { go } = on(page);
type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The floating "+" of the page: the heading's create button. */
const plus = () => page.locator('.page-heading > button');
const scrollY = () => page.evaluate(() => window.scrollY);

describe('notices on a 390 × 844 phone', () => {
  it('shows one notice at a time, above the tab bar and clear of the "+"', async () => {
    await go('Trade Plans');
    await page.getByRole('rowheader', { name: 'TA' }).waitFor();
    // Two confirmations in a row: the newer replaces the first.
    await page.getByRole('combobox', { name: 'Change status of TA' }).selectOption('Ready');
    await page.getByText('TA is now Ready').waitFor();
    await page.getByRole('combobox', { name: 'Change status of TB' }).selectOption('Ready');
    await page.getByText('TB is now Ready').waitFor();
    expect(await page.getByText(/ is now Ready$/).count()).toBe(1);
    const notice = await boxOf(page.locator('.notices'));
    const bar = await boxOf(nav());
    expect(notice.y + notice.height).toBeLessThanOrEqual(bar.y);
    expect(intersects(notice, await boxOf(plus()))).toBe(false);
    await screenshot(context, page, 'notice-phone', { viewportOnly: true });
    // It can be closed at once, so it never hides a card for long.
    await page.getByRole('button', { name: 'Close notice' }).click();
    expect(await page.getByText('TB is now Ready').count()).toBe(0);
  });

  it('shows one notice for an offline save and the replay that follows it', async () => {
    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Change status of TC' }).selectOption('Ready');
    await page.getByText(/saved on this device/).waitFor();
    await context.setOffline(false);
    await page.getByText('Back online: 1 change saved').waitFor({ timeout: 15_000 });
    expect(await page.getByText(/saved on this device|is now Ready|Back online/).count()).toBe(1);
    const notice = await boxOf(page.locator('.notices'));
    expect(notice.y + notice.height).toBeLessThanOrEqual((await boxOf(nav())).y);
    expect(intersects(notice, await boxOf(plus()))).toBe(false);
  });
});

describe('the floating "+" on a 390 × 844 phone', () => {
  for (const [link, rows] of [
    ['Trade Plans', 20],
    ['Trade Setups', 6],
    ['Edge Definition', 6],
    ['Trades', 1],
  ] as const) {
    it(`leaves the last card of ${link} clear once scrolled to the bottom`, async () => {
      await go(link);
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThanOrEqual(rows);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2,
      );
      const last = await boxOf(page.locator('tbody tr').last());
      const fab = await boxOf(plus());
      expect(intersects(last, fab)).toBe(false);
      // Clear of its shadow too (src/client/ui/page.css: 12 px of blur, 4 px down): a gap above the "+".
      expect(last.y + last.height + 8).toBeLessThanOrEqual(fab.y);
    });
  }
});

describe('scroll on a 390 × 844 phone', () => {
  it('opens a tab at the top, and Back returns to where the trader was', async () => {
    await go('Trade Plans');
    await page.getByRole('rowheader', { name: 'TT' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(scrollY).toBe(1500);
    await go('Trades');
    await page.locator('tbody tr').first().waitFor();
    expect(await scrollY()).toBe(0);
    // Scrolled down here too: Back restores Trade Plans' own place, not this one.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(scrollY).toBe(400);
    await page.goBack();
    await pageHeading(page, 'Trade Plans').waitFor();
    await page.getByRole('rowheader', { name: 'TT' }).waitFor();
    await expect.poll(scrollY).toBeGreaterThan(1497);
    expect(await scrollY()).toBeLessThan(1503);
    // Forward returns to Trades where it was left.
    await page.goForward();
    await pageHeading(page, 'Trades').waitFor();
    await expect.poll(scrollY).toBe(400);
    // A tab tapped again opens its page at the top.
    await go('Trades');
    expect(await scrollY()).toBe(0);
  });
});
