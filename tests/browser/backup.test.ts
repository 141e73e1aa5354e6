import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, type Backup } from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import type { Account, Edge, Execution, TradePlanDto, TradeSetup } from '../../src/domain/types.ts';
import {
  type AppServer,
  apiBody as api,
  LAYOUTS,
  launchChromium,
  pageHeading,
  screenshot,
  signedInApp,
  signInAs,
  startAppServer,
} from './harness.ts';

// "Your journal is yours" as a trader meets it: from the header's "Export and backup", the three
// CSV files (opened as a spreadsheet would: header, ISO dates, plain numbers, formulas inert), the
// full backup, a tampered and a conflicting backup refused with nothing changed, and the backup
// restored into a fresh journal on another data folder, where everything is back on its pages.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** What a download saved, as text. */
const textOf = async (download: Download) => readFileSync((await download.path()) as string, 'utf8');

for (const [layout, viewport] of LAYOUTS) {
  describe(`export and backup on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport);
    let backupText: string;

    const openBackupPage = async (p: Page) => {
      await p.getByRole('banner').getByRole('link', { name: 'Export and backup' }).click();
      await pageHeading(p, 'Export and backup').waitFor();
    };
    const download = async (p: Page, button: string) => {
      const [saved] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: button }).click(),
      ]);
      return saved;
    };
    const chooseFile = (p: Page, name: string, text: string) =>
      p
        .getByLabel('Backup file')
        .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

    beforeAll(async () => {
      const trend = await api<Edge>(page, 'POST', '/edges', {
        name: 'Trend',
        description: 'EMA21 rising',
        identificationNotes: 'Daily chart',
        weightFactor: 0.8,
      });
      const volume = await api<Edge>(page, 'POST', '/edges', {
        name: '@Volume',
        description: 'Above average',
        identificationNotes: 'x',
        weightFactor: 0.5,
      });
      const setup = await api<TradeSetup>(page, 'POST', '/tradesetups', {
        name: 'Breakout, daily',
        rules: [],
      });
      const plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
        stock: 'AAPL',
        entryPrice: 190.5,
        stopLossPrice: 185.25,
        probabilityOfSuccess: 62.5,
        tradeSetupId: setup.id,
        edgeIds: [trend.id, volume.id],
        notes: '=HYPERLINK("http://example.com","click")',
      });
      await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
      const [account] = await api<Account[]>(page, 'GET', '/accounts');
      for (const [side, price, minutes] of [
        ['Buy', 50, 30],
        ['Sell', 45, 20],
      ] as const) {
        await api<Execution>(page, 'POST', '/executions', {
          accountId: account?.id,
          symbol: 'XMPL',
          side,
          quantity: 100,
          price,
          executedAt: minutesAgo(minutes),
        });
      }
      // The app brings the new records to the device, where the CSVs are made from.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByRole('link', { name: 'Trade Plans' }).first().click();
      await page.getByRole('rowheader', { name: 'AAPL' }).waitFor();
    });

    it('opens from the header, beside Logout', async () => {
      await openBackupPage(page);
      for (const name of ['Trade plans (CSV)', 'Trades (CSV)', 'Fills (CSV)', 'Download backup']) {
        await page.getByRole('button', { name }).waitFor();
      }
      await page.getByLabel('Backup file').waitFor();
      await screenshot(context, page, `backup-page-${layout}`);
      await screenshot(context, page, `backup-header-${layout}`, { viewportOnly: true });
    });

    it('downloads the three CSVs, as a spreadsheet opens them', async () => {
      const plans = await download(page, 'Trade plans (CSV)');
      expect(plans.suggestedFilename()).toMatch(/^trade-tracker-trade-plans-\d{4}-\d{2}-\d{2}\.csv$/);
      const plansText = await textOf(plans);
      expect(plansText.startsWith('\uFEFFId,Stock,Direction,Status,Entry Price,Stop Loss,')).toBe(true);
      const aapl = plansText.split('\r\n').find((l) => l.includes(',AAPL,')) as string;
      // The setup and edges by name (quoted where they hold a comma), the formula made inert.
      expect(aapl).toMatch(
        /,AAPL,Long,Ready,190\.5,185\.25,,62\.5,"Breakout, daily",'@Volume; Trend,,(Uptrend|Downtrend|Sideways)?,"'=HYPERLINK\(""http:\/\/example\.com"",""click""\)",true,,,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/,
      );

      const trades = await textOf(await download(page, 'Trades (CSV)'));
      const xmpl = trades.split('\r\n').find((l) => l.includes(',XMPL,')) as string;
      // A loss stays a number: 100 × (45 − 50) = −500, R empty without a stop; the trader's
      // annotation (plan, stop, own risk, notes, tags, mistakes), then its contract and how it
      // closed (a stock's: none), all empty.
      expect(xmpl).toMatch(/,XMPL,Long,[^,]+,[^,]+,100,0,50,45,-500,0,-500,,,false,,,,false,,,,,,,,$/);

      const fills = await textOf(await download(page, 'Fills (CSV)'));
      const lines = fills.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFId,Account,Symbol,Side,Quantity,Price,Fees,Executed At,Source,Broker Execution Id,Position Effect,Kind,Created At,Expiration,Strike,Put/Call,Multiplier',
      );
      expect(lines.filter((l) => l.includes(',XMPL,'))).toHaveLength(2);
      expect(lines.some((l) => l.includes(',broker,'))).toBe(true);
    });

    it('exports offline from the cache; backup and restore say why they need the server', async () => {
      await context.setOffline(true);
      await page.getByText('Offline').first().waitFor();
      const plans = await textOf(await download(page, 'Trade plans (CSV)'));
      expect(plans).toContain(',AAPL,');
      expect(await page.getByRole('button', { name: 'Download backup' }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Backup file').isDisabled()).toBe(true);
      await page.getByText('Restoring needs a connection to the server').waitFor();
      await screenshot(context, page, `backup-offline-${layout}`, { viewportOnly: true });
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByRole('button', { name: 'Download backup' }).and(page.locator(':enabled')).waitFor();
    });

    it('downloads the full backup', async () => {
      const saved = await download(page, 'Download backup');
      expect(saved.suggestedFilename()).toMatch(/^trade-tracker-backup-\d{4}-\d{2}-\d{2}\.json$/);
      backupText = await textOf(saved);
      const backup = JSON.parse(backupText) as Backup;
      expect(backup).toMatchObject({ format: 'trade-tracker-backup', formatVersion: BACKUP_FORMAT_VERSION });
      expect(backup.edges.map((e) => e.name).sort()).toEqual(['@Volume', 'Trend']);
      expect(backup.tradePlans.map((p) => p.stock)).toEqual(['AAPL']);
      expect(backup.executions.map((e) => e.side)).toEqual(['Buy', 'Sell']);
      expect(backup.tradeAnnotations.length).toBeGreaterThan(1);
    });

    it('refuses a tampered backup before sending it, and changes nothing', async () => {
      // The downloads' confirmations go after a few seconds; the screenshots show what follows.
      await page.getByText('Backup downloaded').waitFor({ state: 'detached' });
      const tampered = JSON.parse(backupText) as Backup;
      (tampered.tradePlans[0] as { stopLossPrice: number }).stopLossPrice = 250;
      await chooseFile(page, 'tampered.json', JSON.stringify(tampered));
      const alert = page.getByRole('alert');
      await alert
        .getByText(
          /^This backup cannot be restored, nothing was changed: trade plan AAPL \(Ready\): Stop loss price must be less than entry price$/,
        )
        .waitFor();
      await expect(page.getByRole('button', { name: 'Restore', exact: true }).count()).resolves.toBe(0);
      await screenshot(context, page, `backup-tampered-${layout}`, { viewportOnly: true });
      await alert.getByRole('button', { name: 'Dismiss error' }).click();

      await chooseFile(page, 'newer.json', JSON.stringify({ ...tampered, formatVersion: 99 }));
      await alert.getByText(backupMessages.formatTooNew(99, BACKUP_FORMAT_VERSION)).waitFor();
      await alert.getByRole('button', { name: 'Dismiss error' }).click();
    });

    it('refuses a backup that conflicts with the journal, naming the conflict, and changes nothing', async () => {
      const edited = JSON.parse(backupText) as Backup;
      (edited.tradePlans[0] as { notes: string }).notes = 'Edited elsewhere';
      await chooseFile(page, 'edited.json', JSON.stringify(edited));
      await page.getByRole('region', { name: 'What will be restored' }).getByText('1 trade plan').waitFor();
      await page.getByRole('button', { name: 'Restore', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText(
          `Nothing was restored: the backup conflicts with your journal: trade plan AAPL (Ready): ${backupMessages.idHoldsOther}`,
        )
        .waitFor();
      await screenshot(context, page, `backup-conflict-${layout}`, { viewportOnly: true });
      const plans = await api<TradePlanDto[]>(page, 'GET', '/tradeplans');
      expect(plans.map((p) => p.notes)).toEqual(['=HYPERLINK("http://example.com","click")']);
    });

    describe('into a fresh journal (another data folder)', () => {
      let fresh: AppServer;
      let browser: Browser;
      let other: BrowserContext;
      let page2: Page;
      beforeAll(async () => {
        fresh = await startAppServer();
        browser = await launchChromium();
        other = await browser.newContext({ viewport });
        page2 = await other.newPage();
        await signInAs(page2, fresh.url);
      });
      afterAll(async () => {
        await browser?.close();
        await fresh?.stop();
      });

      it('shows what will be restored, restores it on confirm, and the records are back on their pages', async () => {
        await openBackupPage(page2);
        await chooseFile(page2, 'trade-tracker-backup.json', backupText);
        const summary = page2.getByRole('region', { name: 'What will be restored' });
        await summary.getByText('Restore this backup?').waitFor();
        for (const line of ['2 edges', '1 trade setup', '1 trade plan', '2 fills recorded by hand']) {
          await summary.getByText(line).waitFor();
        }
        await screenshot(other, page2, `backup-restore-summary-${layout}`, { viewportOnly: true });
        await summary.getByRole('button', { name: 'Restore', exact: true }).click();
        const done = page2.getByRole('region', { name: 'Restored' });
        await done.getByText('Backup restored').waitFor();
        await screenshot(other, page2, `backup-restored-${layout}`);

        await page2.getByRole('link', { name: 'Trade Plans' }).first().click();
        await page2.getByRole('rowheader', { name: 'AAPL' }).waitFor();
        await page2.getByRole('link', { name: 'Edge Definition' }).first().click();
        await page2.getByText('@Volume').first().waitFor();
        await page2.getByRole('link', { name: 'Trades' }).first().click();
        await page2.getByRole('rowheader', { name: 'XMPL' }).waitFor();
        await screenshot(other, page2, `backup-restored-trades-${layout}`, { viewportOnly: true });

        const restored = await api<Backup>(page2, 'GET', '/backup');
        const original = JSON.parse(backupText) as Backup;
        const content = (b: Backup) => ({
          edges: b.edges,
          tradeSetups: b.tradeSetups,
          tradePlans: b.tradePlans,
          executions: b.executions.map(({ accountId: _, ...e }) => e),
        });
        expect(content(restored)).toEqual(content(original));
      });
    });
  });
}
