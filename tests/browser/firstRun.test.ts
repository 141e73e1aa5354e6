import { describe, expect, it } from 'vitest';
import { on, PHONE, pageHeading, screenshot, signedInApp } from './harness.ts';

// First run (issue 27): a trader whose journal is empty (no edges, setups or plans; the demo
// broker's trades are there) sees what to do first, and the Dashboard's checklist follows along.

// A new server: Alex signs in for the first time, with nothing in the journal.
const { context, page } = signedInApp(PHONE);

const { dialog } = on(page);
const checklist = () => page.getByRole('article', { name: 'Getting started' });
const step = (label: string) => checklist().getByRole('listitem').filter({ hasText: label });
const dashboard = async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await pageHeading(page, 'Dashboard').waitFor();
};
const done = async (label: string) => (await step(label).innerText()).includes('Done:');

describe('a new trader on a 390 × 844 phone', () => {
  it('sees the first steps on the Dashboard, none done, and where the trades are', async () => {
    await checklist().waitFor();
    expect(await checklist().getByRole('listitem').allInnerTexts()).toHaveLength(3);
    for (const label of ['Define an edge', 'Describe a trade setup', 'Write a trade plan']) {
      expect(await done(label)).toBe(false);
    }
    expect(await checklist().getByRole('link', { name: 'Trades' }).count()).toBe(1);
    await screenshot(context, page, 'first-run-dashboard-phone');
    // Trade Plans, opened first, says what a plan needs before it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade Plans' }).click();
    await page.getByText('No trade plans found').waitFor();
    const first = page.locator('.empty-next');
    expect(await first.innerText()).toContain('First: Define an edge, then Describe a trade setup.');
    await screenshot(context, page, 'first-run-plans-phone');
    await dashboard();
    await checklist().waitFor();
  });

  it('follows the checklist to define an edge, and the step is ticked', async () => {
    await checklist().getByRole('link', { name: 'Define an edge' }).click();
    await pageHeading(page, 'Edge Definition').waitFor();
    await page.getByText('No edges found').waitFor();
    expect(await page.getByRole('link', { name: 'Describe a trade setup' }).count()).toBe(1);
    await screenshot(context, page, 'first-run-edges-phone');
    await page.getByRole('button', { name: 'Define Your First Edge' }).click();
    await dialog().getByLabel('Name').fill('Trend');
    await dialog().getByLabel('Description').fill('Price above a rising EMA21');
    await dialog().getByLabel('Identification Notes').fill('Daily chart');
    await dialog().getByRole('button', { name: 'Save Edge' }).click();
    await page.getByRole('row', { name: /Trend/ }).waitFor();
    await dashboard();
    await expect.poll(() => done('Define an edge')).toBe(true);
    expect(await done('Describe a trade setup')).toBe(false);
  });

  it('follows it to describe a setup', async () => {
    await checklist().getByRole('link', { name: 'Describe a trade setup' }).click();
    await pageHeading(page, 'Trade Setups').waitFor();
    await page.getByText('No trade setups defined yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Write a trade plan' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Create Your First Trade Setup' }).click();
    await dialog().getByLabel('Name').fill('Bull flag');
    await dialog().getByRole('button', { name: 'Save Setup' }).click();
    await page.getByRole('row', { name: /Bull flag/ }).waitFor();
    await dashboard();
    await expect.poll(() => done('Describe a trade setup')).toBe(true);
    expect(await done('Define an edge')).toBe(true);
    await screenshot(context, page, 'first-run-two-done-phone');
  });

  it('follows it to write a plan, and the checklist is gone', async () => {
    await checklist().getByRole('link', { name: 'Write a trade plan' }).click();
    await pageHeading(page, 'Trade Plans').waitFor();
    await page.getByText('Create your first trade plan to get started').waitFor();
    await page.getByRole('button', { name: 'Create Your First Trade Plan' }).click();
    await dialog().getByLabel('Stock').fill('AAPL');
    await dialog().getByLabel('Entry Price').fill('100');
    await dialog().getByLabel('Stop Loss').fill('95');
    await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
    await page.getByRole('rowheader', { name: 'AAPL' }).waitFor();
    await dashboard();
    await page.getByRole('heading', { name: 'Account Summary' }).waitFor();
    await expect.poll(() => checklist().count()).toBe(0);
  });
});
