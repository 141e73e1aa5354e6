import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Execution, TraderSettings } from '../../src/domain/types.ts';
import {
  apiBody,
  axeViolations,
  DESKTOP,
  describeViolations,
  on,
  PHONE,
  pageHeading,
  screenshot,
  signedInApp,
} from './harness.ts';

// Trades → "Import statement" (docs/product.md, "Importing statements"), on a phone and a desktop:
// a CSV no format knows, its columns named once (kept in the trader's settings), previewed on the
// device, imported offline at once, the same file again adding nothing, and the queued import
// landing once back online.
//
// Hand-worked (tests/fixtures/statements/trader-mapped.csv): AAPL bought 100 at 150.25 and sold
// 100 at 152.75 on 16 March 2026: gross 250.00, fees 1.00 + 1.00 + 0.05 = 2.05, net P&L 247.95.
// Line 4 is a deposit (no symbol: another instrument), line 5 a quantity that is not a number.
const FILE = join(import.meta.dirname, '../fixtures/statements/trader-mapped.csv');

for (const [layout, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`importing a statement on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport, { controlled: true });
    const { dialog } = on(page);
    const openImport = async () => {
      await page.getByRole('button', { name: 'Import statement' }).click();
      await dialog().getByLabel('Statement file').setInputFiles(FILE);
    };
    const roundTrip = () => page.getByRole('row').filter({ hasText: '$247.95' });

    it('offers the column mapping for an unknown CSV, keeps it, and previews on the device', async () => {
      // March's trades only: the demo broker's history is months later.
      await page.goto(`${new URL(page.url()).origin}/trades?from=2026-03-16&to=2026-03-16`);
      await pageHeading(page, 'Trades').waitFor();
      await openImport();
      await dialog().getByText('Trade Tracker could not recognise this file.').waitFor();
      const choose = async (label: string, column: string) =>
        dialog().getByLabel(label, { exact: true }).selectOption(column);
      await choose('Date (or date and time)', 'Trade Date');
      await choose('Time, when a column of its own', 'Time');
      await choose('Symbol', 'Ticker');
      await choose('Side (left out: a negative quantity is a sale)', 'Action');
      await choose('Quantity', 'Shares');
      await choose('Price', 'Fill Price');
      for (const fee of ['Commission', 'Reg Fee'])
        expect(await dialog().getByRole('checkbox', { name: fee }).isChecked()).toBe(true);
      await screenshot(context, page, `import-mapping-${layout}`);
      expect(describeViolations('the column mapping', await axeViolations(page))).toEqual([]);
      await dialog().getByRole('button', { name: 'Save mapping' }).click();

      await dialog().getByText('Read as: Your column mapping').waitFor();
      const preview = dialog().getByRole('region', { name: 'Preview' });
      expect(await preview.getByRole('listitem').allInnerTexts()).toEqual([
        '2 fills to add',
        '0 already here',
        '2 rows skipped',
        'Line 4: another instrument',
        'Line 5: a row that cannot be read: Quantity is not a number',
      ]);
      await screenshot(context, page, `import-preview-${layout}`);
      expect(describeViolations('the preview', await axeViolations(page))).toEqual([]);
      const settings = await apiBody<TraderSettings>(page, 'GET', '/settings');
      expect(settings.statementMappings.map((m) => [m.symbol, m.fees])).toEqual([
        ['Ticker', ['Commission', 'Reg Fee']],
      ]);
    });

    it('imports offline: the round trip and its P&L at once; the same file again adds 0', async () => {
      await context.setOffline(true);
      await dialog().getByRole('button', { name: 'Import 2 fills' }).click();
      const summary = dialog().getByRole('status');
      await summary.getByText('Saved on this device: the import is sent once you are back online.').waitFor();
      expect(await summary.getByRole('listitem').allInnerTexts()).toEqual([
        'Fills added: 2',
        'Already here: 0',
        'Skipped: 2',
      ]);
      await dialog().getByRole('button', { name: 'Done' }).click();
      await dialog().waitFor({ state: 'detached' });
      await roundTrip().getByText('(not yet saved)').waitFor();
      expect(await roundTrip().count()).toBe(1);
      expect(await roundTrip().innerText()).toContain('AAPL');
      await screenshot(context, page, `import-offline-trades-${layout}`);

      // The mapping is offered again for the same header, and the fills are here already.
      await openImport();
      await dialog().getByText('Read as: Your column mapping').waitFor();
      const preview = dialog().getByRole('region', { name: 'Preview' });
      await preview.getByText('0 fills to add').waitFor();
      await preview.getByText('2 already here').waitFor();
      expect(await dialog().getByRole('button', { name: 'Nothing to import' }).isDisabled()).toBe(true);
      await dialog().getByRole('button', { name: 'Cancel' }).click();
    });

    it('sends the queued import once back online, and the trade is there once', async () => {
      await context.setOffline(false);
      await page.getByText(/changes? not yet saved/).waitFor({ state: 'detached', timeout: 20_000 });
      await roundTrip().getByText('(not yet saved)').waitFor({ state: 'detached', timeout: 20_000 });
      expect(await roundTrip().count()).toBe(1);
      const fills = (await apiBody<Execution[]>(page, 'GET', '/executions')).filter(
        (e) => e.source === 'statement',
      );
      expect(fills.map((f) => [f.side, f.quantity, f.price, f.fees]).sort()).toEqual([
        ['Buy', 100, 150.25, 1],
        ['Sell', 100, 152.75, 1.05],
      ]);
      await screenshot(context, page, `import-landed-${layout}`);
    });
  });
}
