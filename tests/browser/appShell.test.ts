import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from '../../src/domain/pages.ts';
import { LAYOUTS, pageHeading, runningApp, screenshot, signInAs } from './harness.ts';

// The frame and the page's heading are in the HTML (index.html, the server's heading): they paint
// before the script, and the app then draws the same frame and heading in the same place.

const { server, browser } = runningApp();

/** The frame's markup, without what only the app adds (the current page, the build's version). */
const frameOf = (page: Page) =>
  page.evaluate(() => {
    const layout = document.querySelector('.layout')?.cloneNode(true) as HTMLElement | undefined;
    if (!layout) return '';
    for (const el of layout.querySelectorAll('[aria-current]')) el.removeAttribute('aria-current');
    for (const el of layout.querySelectorAll('[data-version]')) el.removeAttribute('data-version');
    layout.querySelector('main')?.replaceChildren();
    layout.normalize();
    return layout.outerHTML;
  });

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
};

for (const [size, viewport] of LAYOUTS) {
  describe(`the first paint at ${size} size`, () => {
    it('shows the frame and the page heading without the script, where the app then draws them', async () => {
      const path = '/trade-plans';
      const { title, subtitle } = PAGE_HEADINGS[path];
      // Without JavaScript: what the HTML alone paints.
      const bare = await browser.newContext({ viewport, javaScriptEnabled: false });
      const before = await bare.newPage();
      await before.goto(`${server.url}${path}`);
      expect(await before.locator('main h1').textContent()).toBe(title);
      expect(await before.locator('main hgroup p').textContent()).toBe(subtitle);
      expect(
        await before.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(),
      ).toEqual(['Dashboard', 'Trade Setups', 'Trade Plans', 'Edge Definition', 'Trades', 'Review']);
      await screenshot(bare, before, `first-paint-${size}`, { viewportOnly: true });
      const htmlFrame = await frameOf(before);
      const htmlBoxes = [await boxOf(before, 'main h1'), await boxOf(before, 'main hgroup p')];

      // With it, signed in: the page itself.
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInAs(page, server.url);
      await page.goto(`${server.url}${path}`);
      await pageHeading(page, title).waitFor();
      expect(await frameOf(page)).toBe(htmlFrame);
      expect([await boxOf(page, 'main h1'), await boxOf(page, 'main hgroup p')]).toEqual(htmlBoxes);
      await bare.close();
      await context.close();
    });
  });
}
