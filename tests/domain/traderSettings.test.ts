import { describe, expect, it } from 'vitest';
import { NEAR_ENTRY_R_MAX, NEAR_ENTRY_R_MIN } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import { STATEMENT_MAPPINGS_MAX } from '../../src/domain/statements/mapping.ts';
import { statementTexts } from '../../src/domain/statements/statementTexts.ts';
import {
  defaultSettings,
  sameSettings,
  validateTraderSettingsInput,
  validateTraderSettingsRecord,
} from '../../src/domain/traderSettings.ts';

const ID = '0190a1b2-0000-7000-8000-000000000001';
const AT = '2026-11-20T15:00:00.000Z';

describe("the trader's settings", () => {
  it.each([
    [NEAR_ENTRY_R_MIN - 0.01, messages.nearEntryROutOfRange],
    [NEAR_ENTRY_R_MIN, undefined],
    [1, undefined],
    [NEAR_ENTRY_R_MAX, undefined],
    [NEAR_ENTRY_R_MAX + 0.01, messages.nearEntryROutOfRange],
    ['1', messages.mustBeNumber],
    [null, messages.mustBeNumber],
    [Number.NaN, messages.mustBeNumber],
  ])('nearEntryR %s: %s', (nearEntryR, message) => {
    const result = validateTraderSettingsInput({ nearEntryR });
    if (message === undefined) expect(result).toEqual({ ok: true, value: { nearEntryR } });
    else expect(result).toEqual({ ok: false, errors: [{ field: 'nearEntryR', message }] });
  });

  it('takes a partial update: a setting left out is not written', () => {
    expect(validateTraderSettingsInput({})).toEqual({ ok: true, value: {} });
  });

  it('reads a stored record without a setting as its default, the way a new setting arrives', () => {
    expect(validateTraderSettingsRecord({ id: ID, createdAt: AT, updatedAt: AT })).toEqual({
      ok: true,
      value: defaultSettings(ID, AT),
    });
    expect(defaultSettings(ID, AT)).toEqual({
      id: ID,
      nearEntryR: 0.25,
      statementMappings: [],
      createdAt: AT,
      updatedAt: AT,
    });
  });

  it('are the same whatever their id and times', () => {
    const saved = { ...defaultSettings(ID, AT), updatedAt: '2026-11-21T00:00:00.000Z' };
    expect(sameSettings(saved, defaultSettings('other', AT))).toBe(true);
    expect(sameSettings(saved, { ...saved, nearEntryR: 0.5 })).toBe(false);
  });
});

describe('the saved column mappings (statementMappings)', () => {
  const mapping = {
    header: ['Date', 'Ticker', 'Qty', 'Price', 'Commission'],
    executedAt: 'Date',
    symbol: 'Ticker',
    quantity: 'Qty',
    price: 'Price',
    fees: ['Commission'],
  };
  const errorOf = (statementMappings: unknown) => {
    const result = validateTraderSettingsInput({ statementMappings });
    return result.ok ? undefined : result.errors[0]?.message;
  };

  it('are none by default, and a trader keeps up to 20', () => {
    expect(defaultSettings(ID, AT).statementMappings).toEqual([]);
    const twenty = Array.from({ length: STATEMENT_MAPPINGS_MAX }, () => mapping);
    expect(validateTraderSettingsInput({ statementMappings: twenty })).toEqual({
      ok: true,
      value: { statementMappings: twenty },
    });
    expect(errorOf([...twenty, mapping])).toBe(statementTexts.tooManyMappings);
  });

  it('refuse control characters, over-long and missing column names, and an unknown time zone', () => {
    expect(errorOf([{ ...mapping, symbol: 'Tick\u0000er' }])).toBe(messages.textControlCharacters);
    expect(errorOf([{ ...mapping, header: ['Date\u0007', 'Ticker'] }])).toBe(messages.textControlCharacters);
    expect(errorOf([{ ...mapping, price: 'P'.repeat(201) }])).toBe(statementTexts.columnTooLong);
    expect(errorOf([{ ...mapping, header: ['x'.repeat(201)] }])).toBe(statementTexts.columnTooLong);
    expect(errorOf([{ ...mapping, quantity: '' }])).toBe(statementTexts.columnRequired);
    expect(errorOf([{ ...mapping, header: [] }])).toBe(statementTexts.headerSize);
    expect(errorOf([{ ...mapping, timeZone: 'Mars/Olympus' }])).toBe(statementTexts.timeZoneUnknown);
    expect(errorOf([{ ...mapping, fees: ['a', 'b', 'c', 'd', 'e', 'f'] }])).toBe(statementTexts.tooManyFees);
    expect(errorOf([{ ...mapping, timeZone: 'America/Chicago' }])).toBeUndefined();
  });

  it('are the same when they hold the same mappings, whichever copy', () => {
    const a = { ...defaultSettings(ID, AT), statementMappings: [mapping] };
    expect(sameSettings(a, { ...a, statementMappings: [structuredClone(mapping)] })).toBe(true);
    expect(sameSettings(a, { ...a, statementMappings: [{ ...mapping, price: 'Qty' }] })).toBe(false);
  });
});
