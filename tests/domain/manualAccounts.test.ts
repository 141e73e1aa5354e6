import { describe, expect, it } from 'vitest';
import {
  BROKER_ACCOUNT_FIELDS,
  manualAccountHash,
  validateAccountRecord,
  validateManualAccount,
} from '../../src/domain/accounts.ts';
import { manualLiveAccount, newManualAccount } from '../../src/domain/manualAccounts.ts';
import { messages } from '../../src/domain/messages.ts';
import { computePositionSizes } from '../../src/domain/positionSize.ts';
import { accountRecordFixture } from '../fixtures/records.ts';

// Accounts without an API (docs/product.md, "Accounts"): one definition for the API, the form,
// the cache's local row and the backup.

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
const input = {
  accountName: ' Credit union IRA ',
  lastDigits: '0042',
  originalBalance: 8_000,
  currentBalance: 10_000,
  capitalRisk: 10,
  maxTradeRisk: 1,
};

describe('a manual account', () => {
  it('is made of its input over the defaults, its hash from its id', () => {
    const v = validateManualAccount(input);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.value.accountName).toBe('Credit union IRA');
    // The record of an account with the default risks, but for the manual fields given.
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      ...expected
    } = accountRecordFixture({
      source: 'manual',
      accountHash: manualAccountHash(ID),
      accountName: 'Credit union IRA',
      lastDigits: '0042',
      currentBalance: 10_000,
      originalBalance: 8_000,
    });
    expect(newManualAccount(ID, v.value)).toEqual(expected);
  });

  it('is shown with its balance as free funds, its digits masked, and sizes plans from it', () => {
    const v = validateManualAccount({ ...input, lastDigits: undefined });
    if (!v.ok) throw new Error('valid');
    const live = manualLiveAccount({ id: ID, ...newManualAccount(ID, v.value), ordersAllowed: false });
    expect(live).toMatchObject({
      accountNumber: '',
      lastDigits: '',
      currentBalance: 10_000,
      availableFundsForTrading: 10_000,
    });
    const [size] = computePositionSizes([live], { entryPrice: 50, stopLossPrice: 48 });
    expect(size?.position).toBe(20);
  });

  it.each([
    [{ accountName: '' }, 'accountName', messages.accountNameRequired],
    [{ accountName: 'x'.repeat(61) }, 'accountName', messages.accountNameTooLong],
    [{ lastDigits: '12345' }, 'lastDigits', messages.lastDigitsInvalid],
    [{ lastDigits: '１２' }, 'lastDigits', messages.lastDigitsInvalid],
    [{ currentBalance: -0.01 }, 'currentBalance', messages.currentBalanceInvalid],
    [{ currentBalance: 2e12 }, 'currentBalance', messages.currentBalanceTooHigh],
  ])('refuses %o on its field', (change, field, message) => {
    const v = validateManualAccount({ ...input, ...change });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toContainEqual({ field, message });
  });
});

describe("an account's record (the backup's)", () => {
  const stamps = { createdAt: '2026-03-02T14:30:00.000Z', updatedAt: '2026-03-02T14:30:00.000Z' };
  const manual = { id: ID, ...newManualAccount(ID, input as never), ...stamps };
  const broker = { ...manual, ...BROKER_ACCOUNT_FIELDS, accountHash: 'h1' };

  it('reads an older backup as broker accounts', () => {
    const { source: _s, accountName: _n, lastDigits: _d, currentBalance: _b, ...old } = broker;
    const v = validateAccountRecord(old);
    expect(v.ok && v.value).toMatchObject(BROKER_ACCOUNT_FIELDS);
  });

  it.each([
    [
      'a manual one without its balance',
      { ...manual, currentBalance: null },
      'currentBalance',
      messages.currentBalanceInvalid,
    ],
    [
      'a manual one under another hash',
      { ...manual, accountHash: 'h1' },
      'accountHash',
      messages.manualAccountHashInvalid,
    ],
    [
      'a broker one with a balance',
      { ...broker, currentBalance: 5 },
      'currentBalance',
      messages.brokerAccountByBroker,
    ],
    [
      'a broker one under a manual hash',
      { ...broker, accountHash: manualAccountHash(ID) },
      'accountHash',
      messages.manualAccountHashInvalid,
    ],
    ['an unknown source', { ...manual, source: 'bank' }, 'source', messages.accountSourceInvalid],
  ])('refuses %s', (_what, record, field, message) => {
    const v = validateAccountRecord(record);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toContainEqual({ field, message });
  });
});
