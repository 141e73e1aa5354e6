// The sample statements (tests/fixtures/statements) as the format tests read them, and the
// trader's column mapping the mapped samples are read through.
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { StatementMapping } from '../../../src/domain/statements/mapping.ts';
import { type ReadStatement, readStatement } from '../../../src/domain/statements/registry.ts';
import type { StatementFormat } from '../../../src/domain/statements/statement.ts';
import { readTable } from '../../../src/domain/statements/table.ts';

const folder = new URL('../../fixtures/statements/', import.meta.url);

export const sample = (name: string): string => readFileSync(new URL(name, folder), 'utf8');

/** The sample read in the format detected; throws where none reads it. */
export function readSample(name: string): Extract<ReadStatement, { ok: true }> {
  const read = readStatement(sample(name), 'auto');
  if (!read.ok) throw new Error(`${name} not read`);
  return read;
}

/** No other sample (the mapped one too) is taken for the format's own. */
export function expectRefusesOtherSamples(format: StatementFormat, own: string): void {
  const others = readdirSync(folder).filter((name) => name !== own);
  expect(others).toContain('mapped.csv');
  for (const name of others) expect(format.detect(readTable(sample(name))), name).toBe(false);
}

/** The mapping of mapped.csv and trader-mapped.csv, which share their header. */
export const TRADER_MAPPING: StatementMapping = {
  header: ['Trade Date', 'Time', 'Ticker', 'Action', 'Shares', 'Fill Price', 'Commission', 'Reg Fee'],
  executedAt: 'Trade Date',
  time: 'Time',
  symbol: 'Ticker',
  side: 'Action',
  quantity: 'Shares',
  price: 'Fill Price',
  fees: ['Commission', 'Reg Fee'],
};
