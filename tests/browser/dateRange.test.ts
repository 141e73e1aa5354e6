import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/format.ts';
import type { GroupStats } from '../../src/domain/stats.ts';
import { apiBody as api, axeViolations, DESKTOP, PHONE, screenshot, signedInApp } from './harness.ts';

// Issue 30, "Dates everywhere" and "The P&L calendar": the range in the address survives a reload
// and works offline, Review's figures are the server's for that range, and a tap on a calendar day
// lists its trades, each a link to it. Phone first, then the same page at desktop size.

describe('the date range and the P&L calendar', () => {
  const app = signedInApp(PHONE, { controlled: true });
  beforeAll(async () => {
    await api(app.page, 'POST', '/trades/import');
  });

  it('keeps the range through a reload and offline, and lists a tapped day’s trades', {
    timeout: 90_000,
  }, async () => {
    const { page, context, server } = app;
    const figure = (label: string) =>
      page
        .locator('.review-figures > div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    const [month] = await api<GroupStats[]>(page, 'GET', '/stats?range=last30');
    const [all] = await api<GroupStats[]>(page, 'GET', '/stats');
    expect(month?.n).toBeGreaterThan(0);
    expect(month!.n).toBeLessThan(all!.n);
    const expected = [String(month!.n), formatMoney(month!.netPnl)];
    const shown = () => Promise.all([figure('Trades').innerText(), figure('Net P&L').innerText()]);
    const rangeSelect = page.getByRole('combobox', { name: 'Date range' });

    await page.goto(`${server.url}/review?range=last30`);
    await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
    await page.reload();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
    expect(await rangeSelect.inputValue()).toBe('last30');
    expect(new URL(page.url()).search).toBe('?range=last30');

    // A tap on a day with trades lists them below the grid.
    const day = page.locator('.pnl-calendar-grid button.pnl-day').last();
    const count = Number.parseInt((await day.locator('.pnl-count').textContent()) ?? '', 10);
    expect(count).toBeGreaterThan(0);
    await day.click();
    const links = page.locator('.pnl-day-trades li a');
    await expect.poll(() => links.count()).toBe(count);
    await screenshot(context, page, 'date-range-review-phone');
    expect(await axeViolations(page)).toEqual([]);
    // Every control of the range and the calendar is a 44 px target on the phone.
    const small = await page
      .locator('.date-range-bar select, .pnl-calendar button, .pnl-calendar a')
      .evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.width < 43.5 || box.height < 43.5)
          .map((box) => `${box.width.toFixed(0)} × ${box.height.toFixed(0)}`),
      );
    expect(small).toEqual([]);
    await page.locator('.pnl-calendar').scrollIntoViewIfNeeded();
    await screenshot(context, page, 'date-range-calendar-phone', { viewportOnly: true });

    // Offline, from the cache: the same range, the same figures.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
      expect(await rangeSelect.inputValue()).toBe('last30');
      await page.locator('.pnl-calendar-grid button.pnl-day').last().click();
      await expect.poll(() => links.count()).toBe(count);
      await screenshot(context, page, 'date-range-review-phone-offline');
      await page.setViewportSize(DESKTOP);
      await screenshot(context, page, 'date-range-review-desktop-offline');
    } finally {
      await context.setOffline(false);
    }

    // At desktop size, a day's link opens the trade on Trades, in the same range.
    await page.reload();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
    await page.locator('.pnl-calendar-grid button.pnl-day').last().click();
    await screenshot(context, page, 'date-range-review-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.pnl-calendar').scrollIntoViewIfNeeded();
    await screenshot(context, page, 'date-range-calendar-desktop', { viewportOnly: true });
    await links.first().click();
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).search).toBe('?range=last30');
    await page.keyboard.press('Escape');
    expect(await rangeSelect.inputValue()).toBe('last30');

    // A custom range: its two days appear, and the address carries them.
    await rangeSelect.selectOption('custom');
    await page.getByLabel('From').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await screenshot(context, page, 'date-range-trades-desktop');
    // The row wraps: nothing is wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await page.setViewportSize(PHONE);
    await screenshot(context, page, 'date-range-trades-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
