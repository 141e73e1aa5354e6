import { readFileSync } from 'node:fs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, metaKeys } from '../../../src/client/db/db.ts';
import { STATEMENT_MAX_BYTES } from '../../../src/domain/constants.ts';
import { messages } from '../../../src/domain/messages.ts';
import { statementTexts } from '../../../src/domain/statements/statementTexts.ts';
import { defaultSettings } from '../../../src/domain/traderSettings.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, deltaSync, seed } from '../fixtures.ts';

// The import screen (docs/product.md, "Importing statements"): a file too large is refused before
// it is read; a file read through the trader's mapping shows its preview; an unknown one offers
// the mapping, saved as a setting, and the file is read with it at once.

const api = withFakeApi();
let ImportStatement: typeof import('../../../src/client/statements/ImportStatement.tsx').default;

beforeAll(async () => {
  ImportStatement = (await import('../../../src/client/statements/ImportStatement.tsx')).default;
});

const CSV = readFileSync('tests/fixtures/statements/trader-mapped.csv', 'utf8');
const HEADER = CSV.split('\n')[0]?.split(',') ?? [];
const MAPPING = {
  header: HEADER,
  executedAt: 'Trade Date',
  time: 'Time',
  symbol: 'Ticker',
  side: 'Action',
  quantity: 'Shares',
  price: 'Fill Price',
  fees: ['Commission', 'Reg Fee'],
};
const AT = '2026-11-20T15:00:00.000Z';

const choose = (file: File) => userEvent.upload(screen.getByLabelText('Statement file'), file);
const csvFile = () => new File([CSV], 'trades.csv', { type: 'text/csv' });

describe('the import screen', () => {
  it('refuses a file over the size limit with a clear message, before reading it', async () => {
    await seed('accounts', [accountFixture()]);
    render(<ImportStatement onClose={() => {}} />);
    const big = new File(['x'], 'year.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: STATEMENT_MAX_BYTES + 1 });
    await choose(big);
    expect(await screen.findByText(messages.statementTooLarge)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('previews a file read through the saved mapping: counts, each skipped row, the button', async () => {
    await seed('accounts', [accountFixture()]);
    await seed('traderSettings', [{ ...defaultSettings('alex', AT), statementMappings: [MAPPING] }]);
    render(<ImportStatement onClose={() => {}} />);
    await choose(csvFile());
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2 fills to add',
      '0 already here',
      '2 rows skipped',
      'Line 4: another instrument',
      'Line 5: a row that cannot be read: Quantity is not a number',
    ]);
    expect(screen.getByText('Read as: Your column mapping')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 2 fills' })).toBeTruthy();
  });

  it("says what the statement's balance does: updates a manual account, or the broker's stays", async () => {
    const tos = readFileSync('tests/fixtures/statements/thinkorswim.csv', 'utf8');
    await seed('accounts', [
      accountFixture({ id: 'acc-1', accountName: 'Margin' }),
      accountFixture({
        id: 'acc-2',
        source: 'manual',
        accountName: 'By hand',
        balanceAsOf: '2026-03-10T15:00:00.000Z',
      }),
    ]);
    render(<ImportStatement onClose={() => {}} />);
    await choose(new File([tos], 'statement.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText(/^Balance on/).textContent).toBe(
      "Balance on 2026-03-17: $100,000.00 — this account's balance comes from the broker",
    );
    await userEvent.selectOptions(screen.getByLabelText('Account'), 'acc-2');
    expect(
      await within(screen.getByRole('region', { name: 'Preview' })).findByText(
        'Balance on 2026-03-17: $100,000.00 — updates this account',
      ),
    ).toBeTruthy();
  });

  it("lists a file's broker accounts, preselects the one with the account's digits, and previews its fills", async () => {
    const flex = readFileSync('tests/fixtures/statements/ibkr-flex.csv', 'utf8');
    const twoAccounts = flex.replace(/"U1234567"(,"USD","STK","TSLA")/g, '"U7654321"$1');
    await seed('accounts', [accountFixture({ accountNumber: '****4321' })]);
    render(<ImportStatement onClose={() => {}} />);
    await choose(new File([twoAccounts], 'flex.csv', { type: 'text/csv' }));
    const inFile = (await screen.findByLabelText('Account in the file')) as HTMLSelectElement;
    expect([...inFile.options].map((o) => o.value)).toEqual(['U1234567', 'U7654321']);
    expect(inFile.value).toBe('U7654321');
    expect(await screen.findByRole('button', { name: 'Import 2 fills' })).toBeTruthy();
    expect(screen.getAllByText(/another account in this file: U1234567$/).length).toBeGreaterThan(0);
    await userEvent.selectOptions(inFile, 'U1234567');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import 2 fills' })).toBeNull());
    expect(screen.getAllByText(/another account in this file: U7654321$/)).toHaveLength(2);
  });

  it('offers the column mapping for an unknown file, saves it, and reads the file with it', async () => {
    await seed('accounts', [accountFixture()]);
    const saved = {
      ...defaultSettings('alex', AT),
      statementMappings: [MAPPING],
      updatedAt: '2026-11-20T15:01:00.000Z',
    };
    api.routes['PUT /api/v1/settings/alex'] = { status: 200, body: saved };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    render(<ImportStatement onClose={() => {}} />);
    await choose(csvFile());
    await screen.findByText(/Trade Tracker could not recognise this file\./);
    // Likely columns are chosen from their names; the fees are summed.
    expect((screen.getByLabelText('Symbol') as HTMLSelectElement).value).toBe('Ticker');
    expect((screen.getByLabelText('Price') as HTMLSelectElement).value).toBe('Fill Price');
    expect((screen.getByRole('checkbox', { name: 'Reg Fee' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(api.received[0]?.key).toBe('PUT /api/v1/settings/alex'));
    expect(api.received[0]?.body).toEqual({ statementMappings: [MAPPING] });
    expect(await screen.findByRole('button', { name: 'Import 2 fills' })).toBeTruthy();
    // The save ends with a sync: the test ends after it, not while the form's save is still running.
    await waitFor(async () => expect((await db.meta.get(metaKeys.syncCursor))?.value).toBe('800'));
  });
});
