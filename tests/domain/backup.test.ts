import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT_VERSION,
  type Backup,
  backupCounts,
  checkBackup,
  describeProblems,
  sameContent,
} from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { messages } from '../../src/domain/messages.ts';
import { isUntouchedAnnotation, unlinked } from '../../src/domain/tradeAnnotation.ts';
import { rekeyAnnotation, splitTradeKey } from '../../src/domain/tradeKeys.ts';
import { accountRecordFixture } from '../fixtures/records.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ACCOUNT = '0190a1b2-0000-7000-8000-000000000001';
const EDGE = '0190a1b2-0000-7000-8000-0000000000e1';
const OLD_EDGE = '0190a1b2-0000-7000-8000-0000000000e2';
const SETUP = '0190a1b2-0000-7000-8000-0000000000a1';
const PLAN = '0190a1b2-0000-7000-8000-0000000000b1';
const FILL = '0190a1b2-0000-7000-8000-0000000000f1';
const AT = '2026-03-02T14:30:00.000Z';
const KEY = `${ACCOUNT}|AAPL|${AT}`;

/** A small, valid backup: one of each record. */
function backup(): Backup {
  return {
    format: 'trade-tracker-backup',
    formatVersion: 1,
    exportedAt: '2026-03-10T11:00:00.000Z',
    accounts: [
      accountRecordFixture({
        id: ACCOUNT,
        accountHash: 'demo-alex-7352-margin',
        originalBalance: 100_000,
        dailyLossLimit: 500,
        maxNewTradesPerDay: 3,
        createdAt: AT,
        updatedAt: AT,
      }),
    ],
    edges: [
      {
        id: EDGE,
        name: 'Trend',
        description: 'd',
        identificationNotes: 'n',
        weightFactor: 0.8,
        isActive: true,
        createdAt: AT,
        updatedAt: AT,
      },
      {
        id: OLD_EDGE,
        name: 'Trend',
        description: 'an older edge of the same name, deactivated',
        identificationNotes: 'n',
        weightFactor: 0.2,
        isActive: false,
        createdAt: AT,
        updatedAt: AT,
      },
    ],
    tradeSetups: [
      {
        id: SETUP,
        name: 'Breakout',
        description: '',
        entryCriteria: 'e',
        exitCriteria: 'x',
        notes: '',
        createdAt: AT,
        checklistRequired: false,
        updatedAt: AT,
      },
    ],
    tradePlans: [
      {
        id: PLAN,
        stock: 'AAPL',
        entryPrice: 190.5,
        stopLossPrice: 185.25,
        targetPrice: 205,
        probabilityOfSuccess: 62.5,
        status: 'Ready',
        scanId: null,
        tradeSetupId: SETUP,
        edgeIds: [EDGE, OLD_EDGE],
        notes: '',
        marketCycleAtCreation: 'Uptrend',
        doneAt: null,
        alertsOn: true,
        direction: 'Long',
        criteriaMet: [],
        createdAt: AT,
        updatedAt: AT,
      },
    ],
    executions: [
      {
        id: FILL,
        accountId: ACCOUNT,
        symbol: 'AAPL',
        side: 'Buy',
        quantity: 10,
        price: 190,
        fees: 0,
        executedAt: AT,
        createdAt: AT,
      },
    ],
    tradeAnnotations: [
      {
        ...unlinked,
        key: KEY,
        planId: PLAN,
        initialStop: 185.25,
        notes: 'n',
        tags: [],
        mistakes: [],
        createdAt: AT,
        updatedAt: AT,
      },
    ],
    traderSettings: [],
  };
}

/** The backup with one record (or the document) changed. */
const changed = <C extends keyof Backup>(collection: C, change: (b: Backup) => Backup[C]): Backup => {
  const b = backup();
  return { ...b, [collection]: change(b) };
};
const first = <T>(rows: T[], over: Record<string, unknown>): T[] => [
  { ...rows[0], ...over } as T,
  ...rows.slice(1),
];

describe('checkBackup', () => {
  it('takes a valid backup as it is', () => {
    expect(checkBackup(backup(), NOW)).toEqual({ ok: true, value: backup() });
  });

  it('writes ids lower-case and times as toISOString does, as the database would', () => {
    const b = backup();
    const upper = {
      ...b,
      exportedAt: '2026-03-10T12:00:00+01:00',
      tradePlans: first(b.tradePlans, {
        id: PLAN.toUpperCase(),
        tradeSetupId: SETUP.toUpperCase(),
        updatedAt: '2026-03-02T15:30:00+01:00',
      }),
      executions: first(b.executions, { accountId: ACCOUNT.toUpperCase() }),
      tradeAnnotations: first(b.tradeAnnotations, {
        key: KEY.replace(ACCOUNT, ACCOUNT.toUpperCase()),
        planId: PLAN.toUpperCase(),
      }),
    };
    const result = checkBackup(upper, NOW);
    expect(result).toEqual({ ok: true, value: { ...backup(), exportedAt: '2026-03-10T11:00:00.000Z' } });
  });

  it.each<[string, unknown, string, string]>([
    ['a list', [backup()], 'format', backupMessages.notABackup],
    ['another JSON file', { name: 'package' }, 'format', backupMessages.notABackup],
    ['no version', { ...backup(), formatVersion: undefined }, 'formatVersion', backupMessages.notABackup],
    [
      'a version that is no number',
      { ...backup(), formatVersion: '1' },
      'formatVersion',
      backupMessages.notABackup,
    ],
    ['version 0', { ...backup(), formatVersion: 0 }, 'formatVersion', backupMessages.notABackup],
    [
      'a newer version',
      { ...backup(), formatVersion: BACKUP_FORMAT_VERSION + 1, edges: 'whatever' },
      'formatVersion',
      `This backup was made by a newer version of Trade Tracker (format ${BACKUP_FORMAT_VERSION + 1}); this version restores format ${BACKUP_FORMAT_VERSION} and older. Update Trade Tracker, then restore it.`,
    ],
  ])('refuses %s, with its message alone', (_, body, field, message) => {
    expect(checkBackup(body, NOW)).toEqual({ ok: false, message, errors: [{ field, message }] });
  });

  it.each<[string, Backup, string, string]>([
    [
      'an export time that is none',
      { ...backup(), exportedAt: 'yesterday' },
      'exportedAt',
      backupMessages.timeInvalid,
    ],
    ['a collection that is no list', { ...backup(), edges: {} as never }, 'edges', backupMessages.mustBeList],
    [
      'an account without a hash',
      changed('accounts', (b) => first(b.accounts, { accountHash: ' ' })),
      'accounts[0].accountHash',
      backupMessages.accountHashInvalid,
    ],
    [
      'an account hash with half of a character',
      changed('accounts', (b) => first(b.accounts, { accountHash: 'demo-\ud800' })),
      'accounts[0].accountHash',
      backupMessages.accountHashInvalid,
    ],
    [
      'a plan ticking half of a character',
      changed('tradePlans', (b) => first(b.tradePlans, { criteriaMet: ['Volume \ud800'] })),
      'tradePlans[0].criteriaMet',
      messages.criteriaMetSay.brokenCharacter,
    ],
    [
      'a trade tagged with half of a character',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { tags: ['\udfff'] })),
      'tradeAnnotations[0].tags',
      messages.tagsSay.brokenCharacter,
    ],
    [
      'a trade mistake with half of a character',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { mistakes: ['a\ud83d'] })),
      'tradeAnnotations[0].mistakes',
      messages.mistakesSay.brokenCharacter,
    ],
    [
      'setup notes with half of a character',
      changed('tradeSetups', (b) => first(b.tradeSetups, { notes: '\ud800' })),
      'tradeSetups[0].notes',
      messages.textBrokenCharacter,
    ],
    [
      'an account without a heat limit',
      changed('accounts', (b) => first(b.accounts, { heatLimit: undefined })),
      'accounts[0].heatLimit',
      messages.mustBeNumber,
    ],
    [
      'a scale-out factor of 11',
      changed('accounts', (b) => first(b.accounts, { scaleOutFactor: 11 })),
      'accounts[0].scaleOutFactor',
      messages.scaleOutFactorInvalid,
    ],
    [
      'an edge id that is no UUID',
      changed('edges', (b) => first(b.edges, { id: 'e1' })),
      'edges[0].id',
      messages.idNotUuid,
    ],
    [
      'an edge without isActive',
      changed('edges', (b) => first(b.edges, { isActive: 'yes' })),
      'edges[0].isActive',
      backupMessages.mustBeYesOrNo,
    ],
    [
      'an edge weight over 1',
      changed('edges', (b) => first(b.edges, { weightFactor: 2 })),
      'edges[0].weightFactor',
      messages.edgeWeightOutOfRange,
    ],
    [
      'a setup without a name',
      changed('tradeSetups', (b) => first(b.tradeSetups, { name: '' })),
      'tradeSetups[0].name',
      messages.setupNameRequired,
    ],
    [
      'a setup made at no time',
      changed('tradeSetups', (b) => first(b.tradeSetups, { createdAt: '2026-02-30T10:00:00Z' })),
      'tradeSetups[0].createdAt',
      backupMessages.timeInvalid,
    ],
    [
      'a plan with a stop above the entry',
      changed('tradePlans', (b) => first(b.tradePlans, { stopLossPrice: 200 })),
      'tradePlans[0].stopLossPrice',
      messages.stopLossNotBelowEntry,
    ],
    [
      'a plan of an unknown status',
      changed('tradePlans', (b) => first(b.tradePlans, { status: 'Open' })),
      'tradePlans[0].status',
      messages.statusInvalid,
    ],
    [
      'a plan with NaN written as text',
      changed('tradePlans', (b) => first(b.tradePlans, { entryPrice: 'NaN' })),
      'tradePlans[0].entryPrice',
      messages.mustBeNumber,
    ],
    [
      'a plan of an unknown cycle',
      changed('tradePlans', (b) => first(b.tradePlans, { marketCycleAtCreation: 'Bull' })),
      'tradePlans[0].marketCycleAtCreation',
      messages.cycleTypeInvalid,
    ],
    [
      'a plan with a control character',
      changed('tradePlans', (b) => first(b.tradePlans, { notes: 'a\u0000b' })),
      'tradePlans[0].notes',
      messages.textControlCharacters,
    ],
    [
      'a fill in the future',
      changed('executions', (b) => first(b.executions, { executedAt: '2026-03-11T00:00:00Z' })),
      'executions[0].executedAt',
      messages.executedAtInFuture,
    ],
    [
      'a fill of no side',
      changed('executions', (b) => first(b.executions, { side: 'Short' })),
      'executions[0].side',
      messages.sideInvalid,
    ],
    [
      'a trade key of no trade',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { key: 'AAPL' })),
      'tradeAnnotations[0].key',
      backupMessages.tradeKeyInvalid,
    ],
    [
      'a trade stop of 0',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { initialStop: 0 })),
      'tradeAnnotations[0].initialStop',
      messages.initialStopNotPositive,
    ],
    [
      'a record that is no object',
      changed('edges', (b) => [...b.edges, 'Trend' as never]),
      'edges[2]',
      messages.invalidBody,
    ],
  ])('refuses %s', (_, body, field, message) => {
    const result = checkBackup(body, NOW);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([{ field, message }]);
    expect(!result.ok && result.message).toMatch(/^This backup cannot be restored, nothing was changed: /);
    expect(!result.ok && result.message).toContain(message);
  });

  it.each<[string, Backup, string, string]>([
    [
      'an id twice',
      changed('tradePlans', (b) => [...b.tradePlans, { ...b.tradePlans[0]!, status: 'Draft' }]),
      'tradePlans[1].id',
      backupMessages.duplicateId,
    ],
    [
      'an account hash twice',
      changed('accounts', (b) => [...b.accounts, { ...b.accounts[0]!, id: FILL }]),
      'accounts[1].accountHash',
      backupMessages.duplicateId,
    ],
    [
      'two active edges of one name',
      changed('edges', (b) => first(b.edges, { name: 'TREND' }).map((e) => ({ ...e, isActive: true }))),
      'edges[1].name',
      messages.edgeNameTaken,
    ],
    [
      'two setups of one name',
      changed('tradeSetups', (b) => [...b.tradeSetups, { ...b.tradeSetups[0]!, id: FILL, name: 'breakout' }]),
      'tradeSetups[1].name',
      messages.setupNameTaken,
    ],
    [
      'two active plans of one stock',
      changed('tradePlans', (b) => [
        ...b.tradePlans,
        { ...b.tradePlans[0]!, id: FILL, status: 'Hold', edgeIds: [] },
      ]),
      'tradePlans[1].stock',
      messages.activePlanExists,
    ],
    [
      'a plan citing a setup it lacks',
      changed('tradeSetups', () => []),
      'tradePlans[0].tradeSetupId',
      messages.setupNotFound,
    ],
    [
      'a plan citing an edge it lacks',
      changed('edges', (b) => b.edges.slice(0, 1)),
      'tradePlans[0].edgeIds',
      messages.edgeNotFound,
    ],
    [
      'a fill in an account it lacks',
      changed('executions', (b) => first(b.executions, { accountId: FILL })),
      'executions[0].accountId',
      messages.accountNotFound,
    ],
    [
      'a trade in an account it lacks',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { key: KEY.replace(ACCOUNT, FILL) })),
      'tradeAnnotations[0].key',
      messages.accountNotFound,
    ],
    [
      'a trade linked to a plan it lacks',
      changed('tradeAnnotations', (b) => first(b.tradeAnnotations, { planId: FILL })),
      'tradeAnnotations[0].planId',
      messages.planNotFound,
    ],
  ])('refuses a backup that does not hold together: %s', (_, body, field, message) => {
    const result = checkBackup(body, NOW);
    expect(!result.ok && result.errors).toEqual([{ field, message }]);
  });

  it('names the first three problems by record, counts the rest, and lists twenty fields', () => {
    const b = backup();
    const plans = Array.from({ length: 30 }, (_, i) => ({
      ...b.tradePlans[0]!,
      id: `0190a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
      stock: `S${i}`,
      status: 'Draft' as const,
      entryPrice: -1,
    }));
    const result = checkBackup({ ...b, tradePlans: plans }, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(
      `This backup cannot be restored, nothing was changed: trade plan S0 (Draft): ${messages.entryPriceNotPositive}; trade plan S1 (Draft): ${messages.entryPriceNotPositive}; trade plan S2 (Draft): ${messages.entryPriceNotPositive}; and 27 more`,
    );
    expect(result.errors).toHaveLength(20);
    expect(result.errors[19]).toEqual({
      field: 'tradePlans[19].entryPrice',
      message: messages.entryPriceNotPositive,
    });
  });

  it('counts what it holds, for the summary before a restore', () => {
    expect(backupCounts(backup())).toEqual({
      accounts: 1,
      edges: 2,
      tradeSetups: 1,
      tradePlans: 1,
      executions: 1,
      tradeAnnotations: 1,
      traderSettings: 0,
    });
  });
});

describe('describeProblems', () => {
  it('names a record and counts none more when there are three or fewer', () => {
    expect(
      describeProblems(
        [{ collection: 'edges', index: 4, record: 'edge "Trend"', field: 'name', message: 'taken' }],
        backupMessages.conflicts,
      ),
    ).toEqual({
      message: 'Nothing was restored: the backup conflicts with your journal: edge "Trend": taken',
      errors: [{ field: 'edges[4].name', message: 'taken' }],
    });
  });
});

describe('the same record', () => {
  const b = backup();
  const plan = b.tradePlans[0]!;

  it.each<[string, boolean, Partial<typeof plan>]>([
    ['identical', true, {}],
    ['edited later, back to the same', true, { updatedAt: '2026-03-09T00:00:00.000Z' }],
    ['its edges in another order', true, { edgeIds: [OLD_EDGE, EDGE] }],
    ['another entry', false, { entryPrice: 191 }],
    ['another status', false, { status: 'Hold' }],
    ['fewer edges', false, { edgeIds: [EDGE] }],
    ['no target', false, { targetPrice: null }],
    ['other notes', false, { notes: 'x' }],
  ])('a plan %s: %s', (_, same, over) => {
    expect(sameContent.tradePlans(plan, { ...plan, ...over })).toBe(same);
  });

  it('compares fill times as instants, and each kind by what the trader wrote', () => {
    const fill = b.executions[0]!;
    expect(sameContent.executions(fill, { ...fill, executedAt: '2026-03-02T15:30:00+01:00' })).toBe(true);
    expect(sameContent.executions(fill, { ...fill, fees: 1 })).toBe(false);
    expect(sameContent.edges(b.edges[0]!, { ...b.edges[0]!, isActive: false })).toBe(false);
    expect(
      sameContent.tradeSetups(b.tradeSetups[0]!, { ...b.tradeSetups[0]!, createdAt: NOW.toISOString() }),
    ).toBe(true);
    expect(sameContent.accounts(b.accounts[0]!, { ...b.accounts[0]!, id: FILL })).toBe(true);
    expect(sameContent.accounts(b.accounts[0]!, { ...b.accounts[0]!, heatLimit: 5 })).toBe(false);
    expect(
      sameContent.tradeAnnotations(b.tradeAnnotations[0]!, { ...b.tradeAnnotations[0]!, initialStop: 180 }),
    ).toBe(false);
  });

  it('an annotation the trader has not made theirs (blank, or as the import stored it) is filled by a restore', () => {
    const made = '2026-11-20T10:00:00.000Z';
    const edited = { createdAt: made, updatedAt: '2026-11-20T10:05:00.000Z' };
    const blank = { ...unlinked, key: `${ACCOUNT}|AAPL|${made}` };
    expect(isUntouchedAnnotation({ ...blank, ...edited })).toBe(true);
    expect(isUntouchedAnnotation({ ...blank, planId: PLAN, ...edited })).toBe(false);
    expect(isUntouchedAnnotation({ ...blank, initialStop: 1, ...edited })).toBe(false);
    expect(isUntouchedAnnotation({ ...blank, notes: ' ', ...edited })).toBe(false);
    // The broker's stop, stored by the import and never edited since.
    expect(isUntouchedAnnotation({ ...blank, initialStop: 95, createdAt: made, updatedAt: made })).toBe(true);
  });
});

describe('trade keys', () => {
  it.each<[string, ReturnType<typeof splitTradeKey>]>([
    [KEY, { accountId: ACCOUNT, symbol: 'AAPL', openedAt: AT }],
    [`${KEY}|2`, { accountId: ACCOUNT, symbol: 'AAPL', openedAt: AT }],
    [`${KEY}|12`, { accountId: ACCOUNT, symbol: 'AAPL', openedAt: AT }],
    [`${KEY}|1`, undefined],
    [`${KEY}|x`, undefined],
    [`${KEY}|2|3`, undefined],
    [`a1|AAPL|${AT}`, undefined],
    [`${ACCOUNT}||${AT}`, undefined],
    [`${ACCOUNT}|AAPL|yesterday`, undefined],
    ['', undefined],
    // Not a symbol a fill can hold: a NUL, or kilobytes (the index's row limit), named no trade.
    [`${ACCOUNT}|AA\u0000PL|${AT}`, undefined],
    [`${ACCOUNT}|${'A'.repeat(2800)}|${AT}`, undefined],
    [`${ACCOUNT}|AAPL|0000-01-01T00:00:00.000Z`, undefined],
  ])('%s', (key, parts) => {
    expect(splitTradeKey(key)).toEqual(parts);
  });

  it('moves a trade to the account it has in another journal, keeping the rest of its key', () => {
    expect(rekeyAnnotation(`${KEY}|2`, FILL)).toBe(`${FILL}|AAPL|${AT}|2`);
  });
});
