import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, on, PHONE, pageHeading, signedInApp } from './harness.ts';

// Issue 27: after a delete, and after a dialog closes, the keyboard's focus is somewhere sensible
// (the next row's first action, else the previous row's, else the list's "new" button), never
// on <body>, where the next Tab starts over from the top of the page.

const app = signedInApp(PHONE);
let { page } = app;

beforeAll(async () => {
  page = app.page;
  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    await callApi(page, 'POST', '/edges', {
      name,
      description: `${name} edge`,
      identificationNotes: 'Daily',
      weightFactor: 0.5,
    });
  }
  for (const name of ['Bull flag', 'Cup and handle']) {
    await callApi(page, 'POST', '/tradesetups', { name, rules: [] });
  }
  await callApi(page, 'POST', '/tradeplans', { stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 });
  await callApi(page, 'POST', '/tradeplans', { stock: 'MSFT', entryPrice: 400, stopLossPrice: 390 });
  await page.evaluate(() => window.dispatchEvent(new Event('focus'))); // a sync brings them
});

const { dialog } = on(page);
const nav = async (name: string) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await pageHeading(page, name).waitFor();
};

/** The focused element: its tag and text (or label), and its row's first cell when it is in one. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    const row = el?.closest('tr');
    return {
      tag: el?.tagName.toLowerCase(),
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      row: row?.querySelector('th, td')?.textContent?.trim(),
    };
  });

/** Deletes the row with `name` through its Delete button and the confirmation, as a trader would. */
async function deleteRow(name: string, confirmTitle: string) {
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog', { name: confirmTitle }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
}

describe('focus after a delete', () => {
  it('edges: to the next row, then the previous one, then "+ New Edge"', async () => {
    await nav('Edge Definition');
    await page.getByRole('row', { name: /Charlie/ }).waitFor();
    await deleteRow('Bravo', 'Delete Edge');
    await expect.poll(focused).toEqual({ tag: 'button', name: 'Edit', row: 'Charlie' });
    await deleteRow('Charlie', 'Delete Edge');
    await expect.poll(focused).toEqual({ tag: 'button', name: 'Edit', row: 'Alpha' });
    await deleteRow('Alpha', 'Delete Edge');
    await page.getByText('No edges found').waitFor();
    await expect.poll(focused).toEqual({ tag: 'button', name: '+ New Edge', row: undefined });
  });

  it("setups and plans: to the next row's first action", async () => {
    await nav('Trade Setups');
    await page.getByRole('row', { name: /Cup and handle/ }).waitFor();
    await deleteRow('Bull flag', 'Confirm Delete');
    await expect.poll(focused).toEqual({ tag: 'button', name: 'Edit', row: 'Cup and handle' });

    await nav('Trade Plans');
    await page.getByRole('row', { name: /MSFT/ }).waitFor();
    await deleteRow('AAPL', 'Confirm Delete');
    // A plan's first action is its status dropdown.
    await expect.poll(focused).toMatchObject({ tag: 'select', name: 'Change status of MSFT', row: 'MSFT' });
  });

  it('a trade\'s fills: to the other fill, and once the trade is gone to "+ Record Fill"', async () => {
    await nav('Trades');
    for (const [quantity, price] of [
      ['10', '50'],
      ['5', '51'],
    ] as const) {
      await page.getByRole('button', { name: '+ Record Fill' }).click();
      await dialog().getByLabel('Symbol').fill('KO');
      await dialog().getByLabel('Side').selectOption('Buy');
      await dialog().getByLabel('Quantity').fill(quantity);
      await dialog().getByLabel('Price').fill(price);
      await dialog().getByRole('button', { name: 'Record Fill' }).click();
      await dialog().waitFor({ state: 'detached' });
    }
    const koRow = page.getByRole('row', { name: /^KO/ });
    await koRow.getByText('15').first().waitFor();
    await koRow.getByRole('button', { name: 'KO' }).click();
    await dialog().getByRole('button', { name: 'Delete Buy 10 KO at $50.00' }).click();
    await page.getByRole('dialog', { name: 'Delete Fill' }).getByRole('button', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Delete Buy 10 KO at $50.00' }).waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ tag: 'button', name: 'Delete Buy 5 KO at $51.00' });

    await dialog().getByRole('button', { name: 'Delete Buy 5 KO at $51.00' }).click();
    await page.getByRole('dialog', { name: 'Delete Fill' }).getByRole('button', { name: 'Delete' }).click();
    // The trade had no other fill: it is gone, its details with it.
    await page.getByRole('dialog', { name: 'KO Long trade' }).waitFor({ state: 'detached' });
    await expect.poll(focused).toEqual({ tag: 'button', name: '+ Record Fill', row: undefined });
  });
});

describe('focus after a dialog closes', () => {
  it('returns to the button that opened it, by Escape, by Cancel and by ×', async () => {
    await nav('Edge Definition');
    const newEdge = page.getByRole('button', { name: '+ New Edge' });
    await newEdge.click();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ name: '+ New Edge' });
    await newEdge.click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(focused).toMatchObject({ name: '+ New Edge' });
    await newEdge.click();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(focused).toMatchObject({ name: '+ New Edge' });
  });

  it('goes to the page\'s "new" button when a confirmation was asked with nothing focused', async () => {
    // As in Safari, where a click does not focus the button: the dialog has no opener to return to.
    await callApi(page, 'POST', '/edges', {
      name: 'Delta',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const row = page.getByRole('row', { name: /Delta/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).evaluate((button: HTMLElement) => {
      (document.activeElement as HTMLElement | null)?.blur();
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await page.getByRole('dialog', { name: 'Delete Edge' }).getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(focused).toEqual({ tag: 'button', name: '+ New Edge', row: undefined });
  });
});
