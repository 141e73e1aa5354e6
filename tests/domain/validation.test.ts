import { describe, expect, it } from 'vitest';
import { validateAccountSettings } from '../../src/domain/accounts.ts';
import { DEVICE_CLOCK_SKEW_MINUTES } from '../../src/domain/constants.ts';
import { validateEdgeInput } from '../../src/domain/edges.ts';
import { validateExecutionInput } from '../../src/domain/executions.ts';
import { parseIsoDateTime } from '../../src/domain/isoDateTime.ts';
import { messages } from '../../src/domain/messages.ts';
import { validateOrderConfirm } from '../../src/domain/orders.ts';
import { validateTradeSetupInput } from '../../src/domain/setups.ts';
import { validateTradeUpdate } from '../../src/domain/tradeAnnotation.ts';
import {
  validateStatusChange,
  validateTradePlanCreate,
  validateTradePlanUpdate,
} from '../../src/domain/tradePlans.ts';
import type { FieldError, ValidationResult } from '../../src/domain/types.ts';
import { creationTime } from '../../src/domain/validation.ts';
import { setupFixture } from '../fixtures/records.ts';

const UUID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const errorsOf = (r: ValidationResult<unknown>): FieldError[] => (r.ok ? [] : r.errors);
const x = (n: number) => 'x'.repeat(n);

// Values that are not finite JSON numbers.
const notNumbers = ['10', Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, true, {}, []];

describe('validateEdgeInput', () => {
  const edge = {
    name: 'Trend',
    description: 'Above EMA21',
    identificationNotes: 'Daily chart',
    weightFactor: 0.5,
  };

  it('accepts a valid edge, trims text and drops unknown fields', () => {
    expect(validateEdgeInput({ ...edge, name: '  Trend  ', isActive: false })).toEqual({
      ok: true,
      value: { ...edge, name: 'Trend' },
    });
  });

  it('says a key every object inherits in words, at any depth, instead of the validator’s internals', () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const body = JSON.parse(
        `{"name":"Trend","description":"d","identificationNotes":"n","weightFactor":0.5,"${key}":1}`,
      );
      expect(validateEdgeInput(body)).toEqual({
        ok: false,
        errors: [{ field: key, message: messages.unknownField(key) }],
      });
    }
    const nested = validateOrderConfirm(
      JSON.parse(
        '{"planId":"0b5c8f0e-4a3b-4c7d-9e1f-2a3b4c5d6e7f","accountId":"1c6d9a1f-5b4c-4d8e-8f20-3b4c5d6e7f80",' +
          '"quantity":1,"entryType":"Limit","duration":"Day","previewed":{"symbol":"A","direction":"Long",' +
          '"quantity":1,"entryType":"Limit","entryPrice":1,"entryLimitPrice":null,"duration":"Day",' +
          '"stopPrice":0.5,"targetPrice":null,"constructor":{}}}',
      ),
    );
    expect(nested).toEqual({
      ok: false,
      errors: [{ field: 'previewed.constructor', message: 'Unknown field: constructor' }],
    });
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['name', undefined, 'Name is required'],
    ['name', x(101), 'Edge name must be less than 100 characters'],
    ['description', '', 'Description is required'],
    ['identificationNotes', '', 'Identification notes are required'],
    ['identificationNotes', undefined, 'Identification notes are required'],
    ['weightFactor', -0.01, 'Weight factor must be between 0 and 1'],
    ['weightFactor', 1.01, 'Weight factor must be between 0 and 1'],
  ])('%s = %j is refused with "%s"', (field, value, message) => {
    expect(errorsOf(validateEdgeInput({ ...edge, [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['name', x(100)],
    ['weightFactor', 0],
    ['weightFactor', 1],
  ])('%s = boundary value is accepted', (field, value) => {
    expect(validateEdgeInput({ ...edge, [field]: value }).ok).toBe(true);
  });

  it.each(notNumbers)('weightFactor %j is not a number', (weightFactor) => {
    expect(errorsOf(validateEdgeInput({ ...edge, weightFactor }))).toEqual([
      { field: 'weightFactor', message: messages.mustBeNumber },
    ]);
  });

  it('reports every failing field at once', () => {
    expect(errorsOf(validateEdgeInput({})).map((e) => e.field)).toEqual([
      'name',
      'description',
      'identificationNotes',
      'weightFactor',
    ]);
  });

  it.each([null, [], 'edge', 42])('refuses a non-object body %j', (body) => {
    expect(errorsOf(validateEdgeInput(body))).toEqual([{ field: 'body', message: messages.invalidBody }]);
  });

  it('accepts a client-made UUID and refuses anything else as id', () => {
    expect(validateEdgeInput({ ...edge, id: UUID })).toEqual({ ok: true, value: { ...edge, id: UUID } });
    expect(errorsOf(validateEdgeInput({ ...edge, id: 'abc' }))).toEqual([
      { field: 'id', message: 'Id must be a UUID' },
    ]);
  });
});

describe('validateTradeSetupInput', () => {
  const setup = {
    name: 'Bull flag',
    description: 'Flag',
    rules: [],
    entryCriteria: 'Break',
    exitCriteria: 'Stop',
    notes: '',
  };

  it('accepts a setup with rules ignored and missing text defaulted to empty', () => {
    // The setup builder's texts, all empty but the name, and no checklist: what the trader wrote.
    const { name, description, entryCriteria, exitCriteria, notes, checklistRequired } = setupFixture();
    expect(validateTradeSetupInput({ name: 'Flag', rules: [] })).toEqual({
      ok: true,
      value: { name, description, entryCriteria, exitCriteria, notes, checklistRequired },
    });
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', x(101), 'Name must be less than 100 characters'],
    ['description', x(501), 'Description must be less than 500 characters'],
    ['notes', x(1001), 'Notes must be less than 1000 characters'],
  ])('%s of the wrong size is refused with "%s"', (field, value, message) => {
    expect(errorsOf(validateTradeSetupInput({ ...setup, [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['name', x(100)],
    ['description', x(500)],
    ['notes', x(1000)],
  ])('%s exactly at its limit is accepted', (field, value) => {
    expect(validateTradeSetupInput({ ...setup, [field]: value }).ok).toBe(true);
  });

  // The spec sets no limit on the criteria: long playbooks take a safety cap of 20,000 characters
  // each (issue 40; docs/product.md, "Trade setups"), and the journal's notes budget.
  it.each(['entryCriteria', 'exitCriteria'])('%s takes 19,999 and 20,000 characters, not 20,001', (field) => {
    for (const length of [19_999, 20_000]) {
      expect(validateTradeSetupInput({ ...setup, [field]: x(length) }).ok).toBe(true);
    }
    expect(errorsOf(validateTradeSetupInput({ ...setup, [field]: x(20_001) }))).toEqual([
      { field, message: 'Criteria must be 20,000 characters or less' },
    ]);
  });

  it('refuses non-text criteria', () => {
    expect(errorsOf(validateTradeSetupInput({ ...setup, entryCriteria: 5 }))).toEqual([
      { field: 'entryCriteria', message: messages.mustBeText },
    ]);
  });
});

describe('validateTradePlanCreate', () => {
  const plan = { stock: 'aapl', entryPrice: 100, stopLossPrice: 95 };

  it('accepts a plan, upper-cases the stock and fills the optional fields', () => {
    expect(validateTradePlanCreate({ ...plan, edgeIds: [UUID, UUID.toUpperCase()] })).toEqual({
      ok: true,
      value: {
        stock: 'AAPL',
        entryPrice: 100,
        stopLossPrice: 95,
        probabilityOfSuccess: null,
        scanId: null,
        tradeSetupId: null,
        edgeIds: [UUID],
        targetPrice: null,
        notes: '',
        alertsOn: true,
        direction: 'Long',
        criteriaMet: [],
      },
    });
  });

  it('accepts a target above the entry and notes, trimmed', () => {
    expect(
      validateTradePlanCreate({ ...plan, targetPrice: 112.5, notes: '  Earnings in May\n ' }),
    ).toMatchObject({
      ok: true,
      value: { targetPrice: 112.5, notes: 'Earnings in May' },
    });
    expect(validateTradePlanCreate({ ...plan, targetPrice: null, notes: null })).toMatchObject({
      ok: true,
      value: { targetPrice: null, notes: '' },
    });
  });

  it.each([
    ['stock', '', 'Stock symbol is required'],
    ['stock', '  ', 'Stock symbol is required'],
    ['stock', undefined, 'Stock symbol is required'],
    ['stock', x(11), 'Stock symbol must be 10 characters or less'],
    ['stock', 'AA PL', messages.stockInvalidCharacters],
    ['entryPrice', 0, 'Entry price must be greater than 0'],
    ['entryPrice', -1, 'Entry price must be greater than 0'],
    ['entryPrice', 1e308, 'Entry price must be at most 1,000,000'],
    ['stopLossPrice', 0, 'Stop loss price must be greater than 0'],
    ['stopLossPrice', 100, 'Stop loss price must be less than entry price'],
    ['stopLossPrice', 100.01, 'Stop loss price must be less than entry price'],
    ['probabilityOfSuccess', -0.1, 'Probability of success must be between 0 and 100'],
    ['probabilityOfSuccess', 100.1, 'Probability of success must be between 0 and 100'],
    ['tradeSetupId', 'nope', 'Id must be a UUID'],
    ['targetPrice', 100, 'Target price must be greater than entry price'],
    ['targetPrice', 99.99, 'Target price must be greater than entry price'],
    ['targetPrice', 0, 'Target price must be greater than entry price'],
    ['targetPrice', -120, 'Target price must be greater than entry price'],
    ['targetPrice', '120', messages.mustBeNumber],
    ['targetPrice', Number.POSITIVE_INFINITY, messages.mustBeNumber],
    ['targetPrice', 1e308, 'Target price must be at most 1,000,000'],
    ['notes', x(2001), 'Notes must be less than 2000 characters'],
    ['notes', 42, messages.mustBeText],
  ])('%s = %j is refused with "%s"', (field, value, message) => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['stock', x(10)],
    ['stock', 'BRK.B'],
    ['stock', 'BF/B'],
    ['stock', 'RDS-A'],
    ['probabilityOfSuccess', 0],
    ['probabilityOfSuccess', 100],
    ['probabilityOfSuccess', null],
    ['stopLossPrice', 99.99],
    ['targetPrice', 100.01],
    ['targetPrice', null],
    ['notes', x(2000)],
    ['notes', `${x(2000)}   `],
    ['notes', ''],
    ['ownInitialRisk', 0.01],
    ['ownInitialRisk', 1_000_000],
    ['ownInitialRisk', null],
  ])('%s = %j is accepted', (field, value) => {
    expect(validateTradePlanCreate({ ...plan, [field]: value }).ok).toBe(true);
  });

  it.each(notNumbers)('entryPrice %j is not a number', (entryPrice) => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, entryPrice }))).toContainEqual({
      field: 'entryPrice',
      message: messages.mustBeNumber,
    });
  });

  it('reports the stop and the target against the entry together', () => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, stopLossPrice: 101, targetPrice: 90 }))).toEqual([
      { field: 'stopLossPrice', message: 'Stop loss price must be less than entry price' },
      { field: 'targetPrice', message: 'Target price must be greater than entry price' },
    ]);
  });

  it('does not judge the target against an entry that is itself refused', () => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, entryPrice: 0, targetPrice: 50 }))).toEqual([
      { field: 'entryPrice', message: 'Entry price must be greater than 0' },
    ]);
  });

  it('refuses an edge id that is not a UUID', () => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, edgeIds: [UUID, 7] }))).toEqual([
      { field: 'edgeIds.1', message: 'Id must be a UUID' },
    ]);
  });
});

describe('the market cycle at creation', () => {
  const plan = { stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 };

  it.each([['Uptrend'], ['Downtrend'], ['Sideways'], [null]])('a create keeps %j', (cycle) => {
    const result = validateTradePlanCreate({ ...plan, marketCycleAtCreation: cycle });
    expect(result.ok && result.value.marketCycleAtCreation).toBe(cycle);
  });

  it('a create that sends none leaves it for the server to stamp', () => {
    const result = validateTradePlanCreate(plan);
    expect(result.ok && 'marketCycleAtCreation' in result.value).toBe(false);
  });

  it.each([['uptrend'], ['Bull'], [1], [{}]])('a create refuses %j', (cycle) => {
    expect(errorsOf(validateTradePlanCreate({ ...plan, marketCycleAtCreation: cycle }))).toEqual([
      { field: 'marketCycleAtCreation', message: 'Market cycle must be one of Uptrend, Downtrend, Sideways' },
    ]);
  });

  it('an update never carries it, whatever it sends', () => {
    const current = { entryPrice: 100, stopLossPrice: 95 };
    for (const cycle of ['Uptrend', 'Bull', null]) {
      expect(validateTradePlanUpdate({ notes: 'n', marketCycleAtCreation: cycle }, current)).toEqual({
        ok: true,
        value: { notes: 'n' },
      });
    }
  });
});

describe('validateTradePlanUpdate', () => {
  const current = { entryPrice: 100, stopLossPrice: 95 };

  it('returns only the fields sent', () => {
    expect(validateTradePlanUpdate({ probabilityOfSuccess: 60 }, current)).toEqual({
      ok: true,
      value: { probabilityOfSuccess: 60 },
    });
    expect(validateTradePlanUpdate({ stock: ' msft ' }, current)).toEqual({
      ok: true,
      value: { stock: 'MSFT' },
    });
  });

  it('checks stop below entry on the prices the plan would end up with', () => {
    expect(errorsOf(validateTradePlanUpdate({ stopLossPrice: 101 }, current))).toEqual([
      { field: 'stopLossPrice', message: 'Stop loss price must be less than entry price' },
    ]);
    expect(errorsOf(validateTradePlanUpdate({ entryPrice: 90 }, current))).toEqual([
      { field: 'stopLossPrice', message: 'Stop loss price must be less than entry price' },
    ]);
    expect(validateTradePlanUpdate({ entryPrice: 96 }, current).ok).toBe(true);
  });

  it('sets, keeps and clears the target and the notes', () => {
    expect(validateTradePlanUpdate({ targetPrice: 120, notes: ' n ' }, current)).toEqual({
      ok: true,
      value: { targetPrice: 120, notes: 'n' },
    });
    expect(validateTradePlanUpdate({ targetPrice: null, notes: null }, current)).toEqual({
      ok: true,
      value: { targetPrice: null, notes: '' },
    });
    expect(validateTradePlanUpdate({ notes: '' }, current)).toEqual({ ok: true, value: { notes: '' } });
  });

  it('checks target above entry on the prices the plan would end up with', () => {
    const withTarget = { ...current, targetPrice: 110 };
    const targetRefused = [
      { field: 'targetPrice', message: 'Target price must be greater than entry price' },
    ];
    expect(errorsOf(validateTradePlanUpdate({ targetPrice: 100 }, withTarget))).toEqual(targetRefused);
    expect(errorsOf(validateTradePlanUpdate({ entryPrice: 110 }, withTarget))).toEqual(targetRefused);
    expect(errorsOf(validateTradePlanUpdate({ entryPrice: 115, targetPrice: 112 }, withTarget))).toEqual(
      targetRefused,
    );
    expect(validateTradePlanUpdate({ entryPrice: 109.99 }, withTarget).ok).toBe(true);
    expect(validateTradePlanUpdate({ entryPrice: 130, targetPrice: 140 }, withTarget).ok).toBe(true);
    expect(validateTradePlanUpdate({ entryPrice: 130, targetPrice: null }, withTarget).ok).toBe(true);
    expect(validateTradePlanUpdate({ entryPrice: 500 }, { ...current, targetPrice: null }).ok).toBe(true);
    expect(validateTradePlanUpdate({ targetPrice: 100.01 }, current).ok).toBe(true);
    expect(errorsOf(validateTradePlanUpdate({ targetPrice: 99 }, current))).toEqual(targetRefused);
  });

  it('refuses notes over the limit on an update', () => {
    expect(errorsOf(validateTradePlanUpdate({ notes: x(2001) }, current))).toEqual([
      { field: 'notes', message: 'Notes must be less than 2000 characters' },
    ]);
  });

  it('applies the create rules to any field supplied', () => {
    expect(errorsOf(validateTradePlanUpdate({ stock: '', entryPrice: 'x' }, current))).toEqual([
      { field: 'stock', message: 'Stock symbol is required' },
      { field: 'entryPrice', message: messages.mustBeNumber },
    ]);
  });
});

describe('validateStatusChange', () => {
  it.each(['Draft', 'Ready', 'Hold', 'Discarded'])('accepts %s', (status) => {
    expect(validateStatusChange({ status })).toEqual({ ok: true, value: { status } });
  });

  it.each(['ready', 'Open', '', null, 3])('refuses %j', (status) => {
    expect(errorsOf(validateStatusChange({ status }))).toEqual([
      { field: 'status', message: messages.statusInvalid },
    ]);
  });
});

describe('validateAccountSettings', () => {
  const settings = { originalBalance: 10_000, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1 };

  it('accepts valid settings and drops unknown fields', () => {
    expect(validateAccountSettings({ ...settings, availableFundsForTrading: 5 })).toEqual({
      ok: true,
      value: settings,
    });
    // A manual account's balance is its own field: the server refuses it for a broker account.
    expect(validateAccountSettings({ ...settings, currentBalance: 5 })).toEqual({
      ok: true,
      value: { ...settings, currentBalance: 5 },
    });
  });

  it.each([
    ['originalBalance', -1, messages.originalBalanceInvalid],
    ['originalBalance', 1e308, messages.originalBalanceTooHigh],
    ['capitalRisk', 0, messages.capitalRiskOutOfRange],
    ['capitalRisk', 100.1, messages.capitalRiskOutOfRange],
    ['maxTradeRisk', 0, messages.maxTradeRiskOutOfRange],
    ['maxTradeRisk', 101, messages.maxTradeRiskOutOfRange],
    ['scaleOutFactor', 0, messages.scaleOutFactorInvalid],
    ['scaleOutFactor', 11, messages.scaleOutFactorInvalid],
    ['scaleOutFactor', 2.5, messages.scaleOutFactorInvalid],
    ['scaleOutFactor', '2', messages.mustBeNumber],
  ])('%s = %j is refused', (field, value, message) => {
    expect(errorsOf(validateAccountSettings({ ...settings, [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['originalBalance', 0],
    ['capitalRisk', 100],
    ['maxTradeRisk', 0.25],
    ['scaleOutFactor', 10],
  ])('%s = %d is accepted', (field, value) => {
    expect(validateAccountSettings({ ...settings, [field]: value }).ok).toBe(true);
  });

  it.each([[-0.1], [100.1], [-1e-9]])('heatLimit = %d is refused', (heatLimit) => {
    expect(errorsOf(validateAccountSettings({ ...settings, heatLimit }))).toEqual([
      { field: 'heatLimit', message: 'Heat limit must be between 0 and 100' },
    ]);
  });

  it.each(notNumbers.concat([null as never]))('heatLimit = %j is not a number', (heatLimit) => {
    expect(errorsOf(validateAccountSettings({ ...settings, heatLimit }))).toEqual([
      { field: 'heatLimit', message: messages.mustBeNumber },
    ]);
  });

  it.each([[0], [6], [100], [0.5]])('heatLimit = %d is accepted', (heatLimit) => {
    expect(validateAccountSettings({ ...settings, heatLimit })).toEqual({
      ok: true,
      value: { ...settings, heatLimit },
    });
  });

  it('leaves heatLimit out when it is not sent: the stored one is kept', () => {
    const result = validateAccountSettings(settings);
    expect(result.ok && 'heatLimit' in result.value).toBe(false);
  });
});

describe('control characters in text', () => {
  const edge = { name: 'Trend', description: 'Above EMA21', identificationNotes: 'Daily', weightFactor: 0.5 };
  const setup = { name: 'Flag', description: 'd', entryCriteria: 'e', exitCriteria: 'x', notes: 'n' };
  const plan = { stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 };
  const current = { entryPrice: 100, stopLossPrice: 95 };
  const textFields: [string, (body: Record<string, unknown>) => ValidationResult<unknown>, string][] = [
    ['edge', (b) => validateEdgeInput({ ...edge, ...b }), 'name'],
    ['edge', (b) => validateEdgeInput({ ...edge, ...b }), 'description'],
    ['edge', (b) => validateEdgeInput({ ...edge, ...b }), 'identificationNotes'],
    ['setup', (b) => validateTradeSetupInput({ ...setup, ...b }), 'name'],
    ['setup', (b) => validateTradeSetupInput({ ...setup, ...b }), 'description'],
    ['setup', (b) => validateTradeSetupInput({ ...setup, ...b }), 'entryCriteria'],
    ['setup', (b) => validateTradeSetupInput({ ...setup, ...b }), 'exitCriteria'],
    ['setup', (b) => validateTradeSetupInput({ ...setup, ...b }), 'notes'],
    ['plan create', (b) => validateTradePlanCreate({ ...plan, ...b }), 'scanId'],
    ['plan update', (b) => validateTradePlanUpdate(b, current), 'scanId'],
    ['plan create', (b) => validateTradePlanCreate({ ...plan, ...b }), 'notes'],
    ['plan update', (b) => validateTradePlanUpdate(b, current), 'notes'],
    ['trade update', (b) => validateTradeUpdate(b), 'notes'],
  ];
  // C0 (except tab and newline), DEL, C1, and a carriage return not followed by a newline.
  const refused = [
    '\u0000',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u009f',
    '\r',
  ];
  const accepted = ['\t', '\n', '\r\n', ' ', '\u00a0', '\u00e9', '\u20ac', '\u{1f4c8}'];

  describe.each(textFields)('%s %s', (_entity, validate, field) => {
    it.each(refused.map((c) => [c]))('refuses %j with the field and a clear message', (c) => {
      expect(errorsOf(validate({ [field]: `a${c}b` }))).toEqual([
        { field, message: messages.textControlCharacters },
      ]);
    });

    it.each(accepted.map((c) => [c]))('accepts %j', (c) => {
      expect(validate({ [field]: `a${c}b` }).ok).toBe(true);
    });

    // Half of a character (a UTF-16 surrogate without its pair): PostgreSQL refuses it in JSON
    // and turns it into U+FFFD in text, so it is refused here, before any write.
    it.each(['\ud800', '\udfff', 'x\ud83d', '\udcc8x', '\udc00\ud800'])(
      'refuses the lone surrogate %j',
      (s) => {
        expect(errorsOf(validate({ [field]: `a${s}b` }))).toEqual([
          { field, message: messages.textBrokenCharacter },
        ]);
      },
    );
  });
});

describe('validateExecutionInput', () => {
  const now = new Date('2026-03-02T15:00:00.000Z');
  const fill = {
    accountId: UUID,
    symbol: 'aapl',
    side: 'Buy',
    quantity: 100,
    price: 50.25,
    executedAt: '2026-03-02T14:30:00.000Z',
  };
  const validate = (body: Record<string, unknown>) => validateExecutionInput({ ...fill, ...body }, now);

  it('accepts a fill: symbol upper-cased, fees 0 when absent, unknown fields dropped', () => {
    expect(validate({ source: 'broker' })).toEqual({
      ok: true,
      value: { ...fill, symbol: 'AAPL', fees: 0 },
    });
    expect(validate({ id: UUID, fees: 1.5 })).toEqual({
      ok: true,
      value: { ...fill, id: UUID, symbol: 'AAPL', fees: 1.5 },
    });
    expect(validate({ fees: null })).toMatchObject({ ok: true, value: { fees: 0 } });
  });

  it.each([
    ['id', 'abc', messages.idNotUuid],
    ['accountId', 'acc-1', messages.idNotUuid],
    ['accountId', undefined, messages.idNotUuid],
    ['symbol', '', messages.stockRequired],
    ['symbol', undefined, messages.stockRequired],
    ['symbol', x(11), messages.stockTooLong],
    ['symbol', 'AA PL', messages.stockInvalidCharacters],
    ['side', 'buy', messages.sideInvalid],
    ['side', 'Short', messages.sideInvalid],
    ['side', undefined, messages.sideInvalid],
    ['quantity', 0, messages.quantityNotPositive],
    ['quantity', -1, messages.quantityNotPositive],
    ['quantity', undefined, messages.quantityNotPositive],
    ['quantity', '10', messages.mustBeNumber],
    ['price', 0, messages.priceNotPositive],
    ['price', -0.01, messages.priceNotPositive],
    ['price', Number.NaN, messages.mustBeNumber],
    ['fees', -0.01, messages.feesNegative],
    ['fees', Number.POSITIVE_INFINITY, messages.mustBeNumber],
    ['executedAt', undefined, messages.executedAtInvalid],
    ['executedAt', 1_772_461_800_000, messages.executedAtInvalid],
    ['executedAt', '', messages.executedAtInvalid],
    ['executedAt', 'yesterday', messages.executedAtInvalid],
    ['executedAt', '2026-03-02', messages.executedAtInvalid], // a day, not a time
    ['executedAt', '2026-03-02T14:30:00', messages.executedAtInvalid], // no zone: whose 14:30?
    ['executedAt', '2026-02-29T14:30:00Z', messages.executedAtInvalid], // 2026 is not a leap year
    ['executedAt', '2026-04-31T14:30:00Z', messages.executedAtInvalid],
    ['executedAt', '2026-13-01T14:30:00Z', messages.executedAtInvalid],
    ['executedAt', '2026-03-02T24:00:00Z', messages.executedAtInvalid],
    ['executedAt', '2026-03-02T14:60:00Z', messages.executedAtInvalid],
    ['executedAt', '2026-03-02T14:30:60Z', messages.executedAtInvalid],
    ['executedAt', '2026-03-02T14:30:00+24:00', messages.executedAtInvalid],
    ['executedAt', ' 2026-03-02T14:30:00Z', messages.executedAtInvalid],
    // now + 5 minutes + 1 ms, written in UTC and with an offset.
    ['executedAt', '2026-03-02T15:05:00.001Z', messages.executedAtInFuture],
    ['executedAt', '2026-03-02T10:05:00.001-05:00', messages.executedAtInFuture],
    ['executedAt', '2027-01-01T00:00:00Z', messages.executedAtInFuture],
    // Years the database or a clock cannot hold as the same instant (issue 26: a 500 before).
    ['executedAt', '0000-01-01T00:00:00Z', messages.executedAtInvalid],
    ['executedAt', '0099-01-01T00:00:00Z', messages.executedAtInvalid],
    ['executedAt', '1969-12-31T23:59:59Z', messages.executedAtInvalid],
    ['quantity', 1e-12, messages.quantityTooSmall],
    ['quantity', 1e308, messages.quantityTooLarge],
    ['price', 1e308, messages.priceTooHigh('Price')],
    ['price', 1_000_000.01, messages.priceTooHigh('Price')],
    ['fees', 1e308, messages.feesTooHigh],
  ])('%s = %j is refused with "%s"', (field, value, message) => {
    expect(errorsOf(validate({ [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['quantity', 0.0001], // fractional shares
    ['quantity', 0.000001],
    ['quantity', 1_000_000_000],
    ['price', 1_000_000],
    ['executedAt', '1970-01-01T00:00:00Z'],
    ['price', 0.0001],
    ['fees', 0],
    ['symbol', 'BRK.B'],
    ['symbol', x(10)],
    ['side', 'Sell'],
  ])('%s = %j is accepted', (field, value) => {
    expect(validate({ [field]: value }).ok).toBe(true);
  });

  it.each([
    ['exactly now + 5 minutes (clock skew)', '2026-03-02T15:05:00.000Z', '2026-03-02T15:05:00.000Z'],
    ['now', '2026-03-02T15:00:00Z', '2026-03-02T15:00:00.000Z'],
    ['an offset, without seconds', '2026-03-02T09:30-05:00', '2026-03-02T14:30:00.000Z'],
    ['an offset without a colon', '2026-03-02T15:30:00+0100', '2026-03-02T14:30:00.000Z'],
    [
      'microseconds (Postgres writes them), cut to milliseconds',
      '2026-03-02T14:30:00.123456Z',
      '2026-03-02T14:30:00.123Z',
    ],
    ['a leap day', '2024-02-29T14:30:00Z', '2024-02-29T14:30:00.000Z'],
  ])('executedAt at %s is accepted, as toISOString writes it', (_label, executedAt, expected) => {
    expect(validate({ executedAt })).toMatchObject({ ok: true, value: { executedAt: expected } });
  });

  it('reports every failing field at once', () => {
    expect(errorsOf(validateExecutionInput({}, now)).map((e) => e.field)).toEqual([
      'accountId',
      'symbol',
      'side',
      'quantity',
      'price',
      'executedAt',
    ]);
  });

  it.each([null, [], 'fill'])('refuses a non-object body %j', (body) => {
    expect(errorsOf(validateExecutionInput(body, now))).toEqual([
      { field: 'body', message: messages.invalidBody },
    ]);
  });
});

describe('validateTradeUpdate', () => {
  const update = { planId: UUID, initialStop: 47.5, notes: 'Chased the open' };

  it('accepts a link, a stop and notes, trimmed', () => {
    expect(validateTradeUpdate({ ...update, notes: '  Chased the open\n' })).toEqual({
      ok: true,
      value: update,
    });
    expect(validateTradeUpdate({ ...update, planId: UUID.toUpperCase() })).toEqual({
      ok: true,
      value: update,
    });
  });

  it('clears what is missing or null: no plan, no stop, no notes', () => {
    const cleared = { ok: true, value: { planId: null, initialStop: null, notes: '' } };
    expect(validateTradeUpdate({})).toEqual(cleared);
    expect(validateTradeUpdate({ planId: null, initialStop: null, notes: null })).toEqual(cleared);
  });

  it.each([
    ['planId', 'nope', messages.idNotUuid],
    ['planId', 7, messages.idNotUuid],
    ['initialStop', 0, messages.initialStopNotPositive],
    ['initialStop', -1, messages.initialStopNotPositive],
    ['initialStop', 1e308, messages.priceTooHigh('Initial stop')],
    ['initialStop', '47.5', messages.mustBeNumber],
    ['initialStop', Number.NaN, messages.mustBeNumber],
    ['notes', x(2001), 'Notes must be less than 2000 characters'],
    ['notes', 42, messages.mustBeText],
    ['ownInitialRisk', 0, messages.ownInitialRiskNotPositive],
    ['ownInitialRisk', -250, messages.ownInitialRiskNotPositive],
    ['ownInitialRisk', 1_000_000.01, messages.priceTooHigh('Initial risk')],
    ['ownInitialRisk', '250', messages.mustBeNumber],
    ['ownInitialRisk', Number.NaN, messages.mustBeNumber],
  ])('%s = %j is refused with "%s"', (field, value, message) => {
    expect(errorsOf(validateTradeUpdate({ ...update, [field]: value }))).toEqual([{ field, message }]);
  });

  it.each([
    ['initialStop', 0.01],
    ['notes', x(2000)],
    ['notes', `${x(2000)}  `],
    ['notes', ''],
  ])('%s = %j is accepted', (field, value) => {
    expect(validateTradeUpdate({ ...update, [field]: value }).ok).toBe(true);
  });

  it.each([null, [], 'update'])('refuses a non-object body %j', (body) => {
    expect(errorsOf(validateTradeUpdate(body))).toEqual([{ field: 'body', message: messages.invalidBody }]);
  });
});

describe('parseIsoDateTime', () => {
  it('reads a year before 100 as written, not as 19xx', () => {
    expect(new Date(parseIsoDateTime('0099-01-01T00:00:00Z') as number).toISOString()).toBe(
      '0099-01-01T00:00:00.000Z',
    );
  });
});

describe('a create says when the device made it (clientId)', () => {
  const NOW = new Date('2026-11-20T15:30:00.000Z');
  const bodies: [string, (body: unknown) => ValidationResult<{ createdAt?: string }>, object][] = [
    [
      'edge',
      validateEdgeInput,
      { name: 'Trend', description: 'd', identificationNotes: 'n', weightFactor: 0.5 },
    ],
    ['setup', validateTradeSetupInput, { name: 'Flag', rules: [] }],
    ['plan', validateTradePlanCreate, { stock: 'COST', entryPrice: 100, stopLossPrice: 95 }],
    [
      'fill',
      (b) => validateExecutionInput(b, NOW),
      {
        accountId: UUID,
        symbol: 'COST',
        side: 'Buy',
        quantity: 1,
        price: 100,
        executedAt: NOW.toISOString(),
      },
    ],
  ];

  it.each(bodies)(
    'a %s create keeps createdAt as toISOString writes it, and may leave it out',
    (_, validate, body) => {
      const result = validate({ ...body, id: UUID, createdAt: '2026-11-20T10:29:00-05:00' });
      expect(result.ok && result.value.createdAt).toBe('2026-11-20T15:29:00.000Z');
      const without = validate(body);
      expect(without.ok && 'createdAt' in without.value).toBe(false);
    },
  );

  it.each(bodies)('a %s create refuses a createdAt that is no time, on the field', (_, validate, body) => {
    for (const createdAt of ['yesterday', '2026-11-20T15:29:00', 17, '0000-01-01T00:00:00Z']) {
      expect(errorsOf(validate({ ...body, createdAt }))).toEqual([
        { field: 'createdAt', message: messages.createdAtInvalid },
      ]);
    }
  });
});

describe('creationTime', () => {
  const now = new Date('2026-11-20T15:30:00.000Z');
  const firstSignIn = new Date('2026-11-01T09:00:00.000Z');
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();

  it("keeps the device's time when it is plausible", () => {
    expect(creationTime(minutes(-1), now, firstSignIn)).toEqual(new Date(minutes(-1)));
    expect(creationTime(firstSignIn.toISOString(), now, firstSignIn)).toEqual(firstSignIn);
    // A phone's clock a little ahead of the server's.
    expect(creationTime(minutes(DEVICE_CLOCK_SKEW_MINUTES), now, firstSignIn)).toEqual(
      new Date(minutes(DEVICE_CLOCK_SKEW_MINUTES)),
    );
  });

  it("uses the server's when the device's is in the future beyond the skew, or before the first sign-in", () => {
    expect(creationTime(minutes(DEVICE_CLOCK_SKEW_MINUTES + 0.01), now, firstSignIn)).toBe(now);
    expect(creationTime(new Date(firstSignIn.getTime() - 1).toISOString(), now, firstSignIn)).toBe(now);
    expect(creationTime(undefined, now, firstSignIn)).toBe(now);
  });
});

describe('text sent as null', () => {
  // A setup update with "notes": null passed and then answered 500 (NOT NULL): it clears instead.
  it("clears a setup's optional texts, and is refused where no field takes it", () => {
    expect(validateTradeSetupInput({ name: 'Flag', description: null, notes: null })).toMatchObject({
      ok: true,
      value: { description: '', notes: '' },
    });
    const edge = { name: 'Trend', identificationNotes: 'Daily', weightFactor: 0.5 };
    expect(errorsOf(validateEdgeInput({ ...edge, description: null }))).toEqual([
      { field: 'description', message: messages.edgeDescriptionRequired },
    ]);
  });
});
