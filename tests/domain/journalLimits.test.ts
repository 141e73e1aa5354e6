import { describe, expect, it } from 'vitest';
import { BROKER_ACCOUNT_FIELDS } from '../../src/domain/accounts.ts';
import { type Backup, checkBackup } from '../../src/domain/backup.ts';
import {
  BACKUP_MAX_MEGABYTES,
  CHECKLIST_CRITERIA_MAX,
  EDGE_NAME_MAX_LENGTH,
  EDGE_TEXT_MAX_LENGTH,
  JOURNAL_LIMITS,
  JOURNAL_NOTES_MAX_BYTES,
  PLAN_EDGES_MAX,
  PLAN_NOTES_MAX_LENGTH,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
  TAGS_MAX,
} from '../../src/domain/constants.ts';
import { jsonTextBytes } from '../../src/domain/journalLimits.ts';
import { messages } from '../../src/domain/messages.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import { backupFixture } from '../fixtures/records.ts';

// docs/product.md, "Journal limits": a journal at every limit, each record as wide as its fields
// allow (three bytes a character, the widest a limited text can be), still makes a backup that a
// restore takes. Were a limit raised without this holding, a journal could grow past what its own
// backup can restore (a 139 MB journal against the 50 MB limit was seen).

const NOW = new Date('2026-11-20T15:30:00.000Z');
const AT = '2026-11-19T15:30:00.000Z';
/** The widest character a limited text holds: three bytes in UTF-8, one in its length. */
const wide = (length: number, tag = '') => `${tag}${'漢'.repeat(length - tag.length)}`;
const idOf = (kind: number, i: number) =>
  `0190a1b2-${kind.toString(16).padStart(4, '0')}-7000-8000-${i.toString(16).padStart(12, '0')}`;
/** Every account a broker reported; the journal does not limit them (the broker does). */
const ACCOUNTS = 50;
/** A setup's criteria in the fullest journal: far under SETUP_CRITERIA_MAX_LENGTH, as the budget holds them. */
const CRITERIA_WIDTH = 1000;

function fullestJournal(): Backup {
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    id: idOf(1, i),
    accountHash: `${'h'.repeat(60)}${i}`,
    ...BROKER_ACCOUNT_FIELDS,
    originalBalance: 999_999_999_999.99,
    capitalRisk: 99.99999999999999,
    maxTradeRisk: 99.99999999999999,
    scaleOutFactor: 10,
    heatLimit: 99.99999999999999,
    dailyLossLimit: 999_999_999_999.99,
    dailyLossLimitUnit: 'Dollars' as const,
    maxNewTradesPerDay: 100,
    createdAt: AT,
    updatedAt: AT,
  }));
  const edges = Array.from({ length: JOURNAL_LIMITS.edges }, (_, i) => ({
    id: idOf(2, i),
    name: wide(EDGE_NAME_MAX_LENGTH, `E${i}`),
    description: wide(EDGE_TEXT_MAX_LENGTH),
    identificationNotes: wide(EDGE_TEXT_MAX_LENGTH),
    weightFactor: 0.30000000000000004,
    isActive: i % 2 === 0,
    createdAt: AT,
    updatedAt: AT,
  }));
  const tradeSetups = Array.from({ length: JOURNAL_LIMITS.tradeSetups }, (_, i) => ({
    id: idOf(3, i),
    name: wide(SETUP_NAME_MAX_LENGTH, `S${i}`),
    description: wide(SETUP_DESCRIPTION_MAX_LENGTH),
    // Criteria are texts of the notes budget (long playbooks, up to SETUP_CRITERIA_MAX_LENGTH):
    // a byte of it costs the document a byte wherever it is spent; these take some.
    entryCriteria: wide(CRITERIA_WIDTH),
    exitCriteria: wide(CRITERIA_WIDTH),
    notes: wide(SETUP_NOTES_MAX_LENGTH),
    checklistRequired: true,
    createdAt: AT,
    updatedAt: AT,
  }));
  // Lists of texts cost most in the document for the budget they take with one-letter entries
  // (`"#",`: four bytes for one; none JSON escapes): every trade with all its tags and mistakes, every plan with all
  // its ticks, and the budget left spent on full plan notes, as many as it takes; the rest without.
  const letters = (n: number) => Array.from({ length: n }, (_, k) => String.fromCharCode(0x23 + k));
  const labels = letters(TAGS_MAX);
  const ticks = letters(CHECKLIST_CRITERIA_MAX);
  let notesLeft =
    JOURNAL_NOTES_MAX_BYTES -
    JOURNAL_LIMITS.tradeAnnotations * 2 * TAGS_MAX -
    JOURNAL_LIMITS.tradePlans * CHECKLIST_CRITERIA_MAX -
    tradeSetups.reduce((sum, s) => sum + jsonTextBytes(s.entryCriteria) + jsonTextBytes(s.exitCriteria), 0);
  const tradePlans = Array.from({ length: JOURNAL_LIMITS.tradePlans }, (_, i) => {
    const notes = wide(Math.min(PLAN_NOTES_MAX_LENGTH, Math.floor(notesLeft / 3)));
    notesLeft -= jsonTextBytes(notes);
    return {
      id: idOf(4, i),
      stock: 'ABCDEFGHIJ',
      entryPrice: 999_999.9999,
      stopLossPrice: 999_999.9998,
      targetPrice: 1_000_000,
      probabilityOfSuccess: 99.99999999999999,
      status: 'Discarded' as const,
      scanId: null,
      tradeSetupId: idOf(3, i % JOURNAL_LIMITS.tradeSetups),
      edgeIds: Array.from({ length: PLAN_EDGES_MAX }, (_, e) => idOf(2, (i + e) % JOURNAL_LIMITS.edges)),
      notes,
      marketCycleAtCreation: 'Downtrend' as const,
      doneAt: null,
      alertsOn: true,
      direction: 'Long' as const,
      criteriaMet: ticks,
      createdAt: AT,
      updatedAt: AT,
    };
  });
  const executions = Array.from({ length: JOURNAL_LIMITS.executions }, (_, i) => ({
    id: idOf(5, i),
    accountId: idOf(1, i % ACCOUNTS),
    symbol: 'ABCDEFGHIJ',
    side: 'Sell' as const,
    quantity: 123_456_789.123456,
    price: 999_999.9999,
    fees: 999_999.99,
    executedAt: new Date(NOW.getTime() - (i + 1) * 60_000).toISOString(),
    createdAt: AT,
  }));
  const tradeAnnotations = Array.from({ length: JOURNAL_LIMITS.tradeAnnotations }, (_, i) => ({
    ...unlinked,
    key: `${idOf(1, i % ACCOUNTS)}|ABCDEFGHIJ|${new Date(NOW.getTime() - (i + 1) * 60_000).toISOString()}|999999`,
    planId: idOf(4, i % JOURNAL_LIMITS.tradePlans),
    initialStop: 999_999.9999,
    notes: '',
    tags: labels,
    mistakes: labels,
    createdAt: AT,
    updatedAt: AT,
  }));
  return {
    format: 'trade-tracker-backup',
    formatVersion: 1,
    exportedAt: NOW.toISOString(),
    accounts,
    edges,
    tradeSetups,
    tradePlans,
    executions,
    tradeAnnotations,
    traderSettings: [],
  };
}

/** A journal with nothing in it, to fill one collection of. */
const emptyJournal = (): Backup => backupFixture({ formatVersion: 1, exportedAt: NOW.toISOString() });

describe('journal limits', () => {
  const journal = fullestJournal();

  it(`make the backup of the fullest journal at most ${BACKUP_MAX_MEGABYTES} MB, which a restore takes`, () => {
    const bytes = new TextEncoder().encode(JSON.stringify(journal)).length;
    console.log(`the fullest journal's backup: ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    expect(bytes).toBeLessThanOrEqual(BACKUP_MAX_MEGABYTES * 1024 * 1024);
    const checked = checkBackup(journal, NOW);
    expect(checked.ok ? 'ok' : checked.message).toBe('ok');
  }, 60_000);

  it('refuse a backup that holds more of a collection than a journal can, without reading its records', () => {
    // Records that are not records at all: read one by one, each would be refused for itself.
    const over = {
      ...emptyJournal(),
      tradePlans: Array.from({ length: JOURNAL_LIMITS.tradePlans + 1 }, () => ({})),
    };
    const checked = checkBackup(over, NOW);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual([
      {
        field: 'tradePlans',
        message: messages.journalWouldOverflow('tradePlans', JOURNAL_LIMITS.tradePlans + 1),
      },
    ]);
    expect(checked.message).toContain(
      'Your journal would hold 10,001 trade plans, more than the 10,000 it can',
    );
  });

  it('take notes up to the budget, and refuse a backup whose notes pass it by a byte', () => {
    // Plans alone, each with notes as wide as they go, the last topped up to the budget's byte.
    const full = jsonTextBytes(wide(PLAN_NOTES_MAX_LENGTH));
    const plans = Array.from({ length: Math.ceil(JOURNAL_NOTES_MAX_BYTES / full) }, (_, i) => ({
      ...journal.tradePlans[i],
      tradeSetupId: null,
      edgeIds: [],
      criteriaMet: [],
      notes: wide(PLAN_NOTES_MAX_LENGTH),
    }));
    const last = plans.length - 1;
    const atBudget = (extra: number) => {
      const bytes = JOURNAL_NOTES_MAX_BYTES - last * full + extra;
      const notes = `${wide(Math.floor(bytes / 3))}${'n'.repeat(bytes % 3)}`;
      return plans.map((p, i) => (i === last ? { ...p, notes } : p));
    };
    const at = checkBackup({ ...emptyJournal(), tradePlans: atBudget(0) }, NOW);
    expect(at.ok ? 'ok' : JSON.stringify(at.errors.slice(0, 3))).toBe('ok');
    const checked = checkBackup({ ...emptyJournal(), tradePlans: atBudget(1) }, NOW);
    expect(checked.ok ? [] : checked.errors).toEqual([
      { field: 'notes', message: messages.journalNotesFull },
    ]);
  });

  it('measure a text as JSON writes it: escapes and multi-byte characters included', () => {
    expect(jsonTextBytes(null)).toBe(0);
    expect(jsonTextBytes('')).toBe(0);
    expect(jsonTextBytes('abc')).toBe(3);
    expect(jsonTextBytes('a\nb"c\\')).toBe(9);
    expect(jsonTextBytes('漢ñ📈')).toBe(3 + 2 + 4);
  });
});
