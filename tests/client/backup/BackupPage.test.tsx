import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { Backup, RestoreResult } from '../../../src/domain/backup.ts';
import { accountRecordFixture, backupCountsFixture, backupFixture } from '../../fixtures/records.ts';
import { withFakeApi } from '../fakeApi.ts';
import { planFixture, seed, setupFixture } from '../fixtures.ts';

// The restore's upload and the sync after it are the browser's and the sync layer's
// (tests/browser/backup.test.ts runs them for real); here they are stand-ins the test can hold and
// release.
const restoreModule = vi.hoisted(() => ({
  sendBackup: vi.fn(),
  resyncAfterRestore: vi.fn(),
}));
vi.mock('../../../src/client/serverData/restore.ts', async (original) => ({
  ...(await original<typeof import('../../../src/client/serverData/restore.ts')>()),
  sendBackup: restoreModule.sendBackup,
  resyncAfterRestore: restoreModule.resyncAfterRestore,
}));

const _api = withFakeApi();
let BackupPage: typeof import('../../../src/client/backup/BackupPage.tsx').default;
let RestoreRefused: typeof import('../../../src/client/serverData/restore.ts').RestoreRefused;

beforeAll(async () => {
  BackupPage = (await import('../../../src/client/backup/BackupPage.tsx')).default;
  RestoreRefused = (await import('../../../src/client/serverData/restore.ts')).RestoreRefused;
});

/** What the page saved through a Blob URL, in order, and the names it saved them under. */
let saved: Blob[];
let names: string[];
const read = <T,>(blob: Blob, as: 'readAsText' | 'readAsArrayBuffer') =>
  new Promise<T>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader[as](blob);
  });
/** The text, decoded as UTF-8 (which drops a byte order mark). */
const textOf = (blob: Blob) => read<string>(blob, 'readAsText');
const firstBytes = async (blob: Blob) =>
  [...new Uint8Array(await read<ArrayBuffer>(blob, 'readAsArrayBuffer'))].slice(0, 3);
beforeEach(async () => {
  restoreModule.sendBackup.mockReset();
  restoreModule.resyncAfterRestore.mockReset().mockResolvedValue(undefined);
  saved = [];
  names = [];
  // jsdom cannot navigate to the link: the download it would start is recorded instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return `blob:${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const AT = '2026-03-02T14:30:00.000Z';
const ACCOUNT = '0190a1b2-0000-7000-8000-000000000001';
const backup = (): Backup =>
  backupFixture({
    formatVersion: 1,
    exportedAt: AT,
    accounts: [accountRecordFixture({ id: ACCOUNT, originalBalance: 1000, createdAt: AT, updatedAt: AT })],
    tradePlans: [
      planFixture({
        id: '0190a1b2-0000-7000-8000-0000000000b1',
        status: 'Ready',
        createdAt: AT,
        updatedAt: AT,
      }),
    ],
  });
const fileOf = (body: unknown, name = 'backup.json') =>
  new File([typeof body === 'string' ? body : JSON.stringify(body)], name, { type: 'application/json' });
const result = (plans: number): RestoreResult => ({
  restored: backupCountsFixture({ tradePlans: plans }),
  skipped: backupCountsFixture({ accounts: 1 }),
});

describe('CSV export', () => {
  it('writes a large export from the cache with a progress bar, and saves it with a BOM', async () => {
    await seed('tradeSetups', [setupFixture({ id: 's1', name: 'Flag' })]);
    await seed(
      'tradePlans',
      Array.from({ length: 2500 }, (_, i) =>
        planFixture({ id: `p${i}`, stock: `S${i}`, tradeSetupId: 's1', notes: i === 0 ? '-1 lot' : '' }),
      ),
    );
    render(<BackupPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Trade plans (CSV)' }));
    // Checked on every change of the page: the bar first shows without a total while the rows are read.
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Writing trade plans CSV' }).getAttribute('max')).toBe(
        '2500',
      ),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const text = await textOf(saved[0]!);
    expect(names[0]).toMatch(/^trade-tracker-trade-plans-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.split('\r\n');
    expect(await firstBytes(saved[0]!)).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toHaveLength(2502); // header, 2500 rows, and the empty string after the last CR LF
    expect(lines[0]).toMatch(/^Id,Stock,Direction,Status,/);
    expect(lines.find((l) => l.startsWith('p0,'))).toContain(",Flag,,,,'-1 lot,");
  });

  it('works offline: the CSVs come from the cache, while the backup and the restore say why they cannot', async () => {
    await seed('executions', []);
    connectivity.reportApiReachable(false);
    render(<BackupPage />);
    expect(screen.getByRole('button', { name: 'Fills (CSV)' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Download backup' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Backup file').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Restoring needs a connection to the server')).toBeTruthy();
    expect(screen.getByText('Downloading a backup needs a connection to the server')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Fills (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});

describe('restore', () => {
  it("refuses a tampered file on the device with the server's own message, sending nothing", async () => {
    render(<BackupPage />);
    const tampered = backup();
    (tampered.tradePlans[0] as { stopLossPrice: number }).stopLossPrice = 120;
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(tampered));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This backup cannot be restored, nothing was changed: trade plan AAPL (Ready): Stop loss price must be less than entry price',
    );
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf('{"not json'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This file is not a Trade Tracker backup'),
    );
    expect(screen.queryByRole('region', { name: 'What will be restored' })).toBeNull();
    expect(restoreModule.sendBackup).not.toHaveBeenCalled();
  });

  it('refuses a file nested thousands deep, or with half of a character, instead of failing on it', async () => {
    render(<BackupPage />);
    const deep = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;
    const text = JSON.stringify(backup()).replace('"stock":"AAPL"', `"stock":${deep}`);
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(text));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This file is not a Trade Tracker backup',
    );
    const broken = backup();
    (broken.tradePlans[0] as { notes: string }).notes = 'half \ud83d';
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(broken));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Text must not contain a broken character'),
    );
    expect(restoreModule.sendBackup).not.toHaveBeenCalled();
  });

  it('summarises the backup, then on confirm shows the upload, the restore and the result, and syncs', async () => {
    let upload: (sent: number, total: number) => void = () => {};
    let answer: (r: RestoreResult) => void = () => {};
    restoreModule.sendBackup.mockImplementation((_text: string, onUpload: typeof upload) => {
      upload = onUpload;
      return new Promise<RestoreResult>((resolve) => {
        answer = resolve;
      });
    });
    render(<BackupPage />);
    const text = JSON.stringify(backup());
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(text, 'mine.json'));
    const summary = await screen.findByRole('region', { name: 'What will be restored' });
    expect(summary.textContent).toContain('mine.json');
    expect(within(summary).getByText('trade plan', { exact: false }).textContent).toBe('1 trade plan');
    // Focus moves to the summary in an effect after it is drawn: a tick after it appears.
    await waitFor(() => expect(document.activeElement).toBe(summary));

    await userEvent.click(within(summary).getByRole('button', { name: 'Restore' }));
    expect(restoreModule.sendBackup).toHaveBeenCalledWith(text, expect.any(Function));
    act(() => upload(40, 100));
    const bar = await screen.findByRole('progressbar', { name: 'Restoring the backup' });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['40', '100']);
    expect(screen.getByText('Sending the backup…')).toBeTruthy();
    act(() => upload(100, 100));
    await screen.findByText('Restoring on the server…');
    // The server's work has no measure: the bar has no value.
    expect(screen.getByRole('progressbar', { name: 'Restoring the backup' }).hasAttribute('value')).toBe(
      false,
    );

    await act(async () => answer(result(1)));
    const done = await screen.findByRole('region', { name: 'Restored' });
    expect(within(done).getByRole('row', { name: /Trade plans/ }).textContent).toBe('Trade plans10');
    expect(restoreModule.resyncAfterRestore).toHaveBeenCalledOnce();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says, before and after, that whether orders are allowed is not restored', async () => {
    restoreModule.sendBackup.mockResolvedValue(result(1));
    render(<BackupPage />);
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(backup()));
    const ordersStay =
      "Orders from Trade Tracker are not part of a backup: each account keeps them on or off as they are on this server. Turn them on in each account's settings.";
    const summary = await screen.findByRole('region', { name: 'What will be restored' });
    expect(within(summary).getByText(ordersStay)).toBeTruthy();
    await userEvent.click(within(summary).getByRole('button', { name: 'Restore' }));
    const done = await screen.findByRole('region', { name: 'Restored' });
    expect(within(done).getByText(ordersStay)).toBeTruthy();
  });

  it("shows the server's reason when it refuses, and nothing is synced", async () => {
    restoreModule.sendBackup.mockRejectedValue(
      new RestoreRefused(
        'Nothing was restored: the backup conflicts with your journal: trade plan AAPL (Ready): An active trade plan for this stock already exists',
        409,
      ),
    );
    render(<BackupPage />);
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(backup()));
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'trade plan AAPL (Ready): An active trade plan for this stock already exists',
    );
    expect(restoreModule.resyncAfterRestore).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Restored' })).toBeNull();
  });

  it('cancels at the summary, sending nothing', async () => {
    render(<BackupPage />);
    await userEvent.upload(screen.getByLabelText('Backup file'), fileOf(backup()));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'What will be restored' })).toBeNull();
    expect((screen.getByLabelText('Backup file') as HTMLInputElement).value).toBe('');
    expect(restoreModule.sendBackup).not.toHaveBeenCalled();
  });
});
